/**
 * The owner's full-quote form, for the site's owner page (docs/decisions/105):
 *   POST /functions/v1/taller/presupuesto          {codigo}              the quote and the form's defaults
 *   POST /functions/v1/taller/presupuesto/guardar  {codigo, formulario}  the written quote saved, once
 * with the function's key, like every call of the site, and `navegador`, the nonce of the browser's cookie.
 * The code (offers/owner-links.ts) names the quote and who asked; it is refused when forged (404), past its
 * 30 minutes or spent (410), when its user may no longer act (403), or when another browser opened it
 * first (403, `elsewhere`: docs/decisions/127). A form that is not a written quote is 400 with a message per field; a quote that may
 * not be priced now, 409. A saved price goes as a quick one does: the customer's e-mail, the quote's
 * message redrawn, and the bot's confirmation in the chat.
 */
import { parseWithZod } from '@conform-to/zod/v4'
import { z } from 'zod'

import { longDay } from '~shared/dates'
import { isLocalRequest } from '~shared/settings'
import { formatEuros } from '~shared/offer'
import { TRACKING_STATE_LABELS } from '~shared/tracking'
import {
  OwnerQuoteSchema,
  PARTS,
  writtenFromForm,
  writtenQuoteFaults,
  LISTED_SERVICE_CENTS,
  type Parts,
} from '~shared/written-quote'

import { sendQuoteEmails, type EmailDeps } from '../email/send'
import { recordMessage } from '../chat/messages'
import { json } from '../platform/json'
import { priceSaved } from '../chat/offer-texts'
import { mayResend } from '../offers/contract-rules'
import { canPrice, latestOffer, recordOffer } from '../offers/offers'
import { ownerViewOf } from '../payments/standing'
import {
  BROWSER_NONCE,
  codeHash,
  codeSpent,
  holdCode,
  OWNER_CODE,
  readOwnerCode,
  spendStatement,
} from '../offers/owner-links'
import { refreshView, markViewStale } from '../delivery/owner-view'
import { getSettings, type FunctionSettings } from '../platform/settings'
import { readSiteCall } from '../platform/site-caller'
import { quoteById, type QuoteRow } from '../quotes/store'
import { stepsOf } from '../quotes/steps'
import { telegramApi, type TelegramDeps } from '../platform/telegram'
import { defaultWritten } from '../offers/written-quote-texts'
import { priceReach } from '../chat/quote-message'

const MAX_BYTES = 16 * 1024
/** The form's field each fault of the written quote is shown under. */
const FORM_FIELD = { partsCents: 'importe_piezas', labourCents: 'mano_de_obra', priceReason: 'motivo' } as const
/** The browser's nonce: absent (an older site, a script) reads as another browser's call. */
const BROWSER = z.string().regex(BROWSER_NONCE).optional()
const CodeSchema = z.object({ codigo: z.string().regex(OWNER_CODE), navegador: BROWSER })
const invalid = 'Petición no válida'
const SaveSchema = z.object({
  codigo: z.string().regex(OWNER_CODE),
  navegador: BROWSER,
  formulario: z.record(z.string().max(20), z.string().max(4000)),
})

export interface OwnerQuoteDeps extends TelegramDeps, EmailDeps {
  now?: () => number
}

type Checked = { ok: true; quote: QuoteRow; userName: string; expiresAt: number } | { ok: false; answer: Response }

/** The code checked, held by this browser, and its quote priceable now; else the answer to give. */
async function checkCode(
  env: FunctionEnv,
  settings: FunctionSettings,
  { codigo: code, navegador: browser }: { codigo: string; navegador?: string | undefined },
  now: number,
  local: boolean,
): Promise<Checked> {
  // Off this machine, codes signed with the public local secret are anybody's: none is read.
  if (!local && settings.notOwn.has('TELEGRAM_WEBHOOK_SECRET'))
    return { ok: false, answer: json({ success: false, motivo: 'invalid' }, 404) }
  const reading = await readOwnerCode(settings, code, now)
  if (!reading.ok) {
    const status = reading.why === 'expired' ? 410 : reading.why === 'not-allowed' ? 403 : 404
    return { ok: false, answer: json({ success: false, motivo: reading.why }, status) }
  }
  if (await codeSpent(env.DB, code)) return { ok: false, answer: json({ success: false, motivo: 'spent' }, 410) }
  const quote = await quoteById(env.DB, reading.quoteId)
  if (!quote) return { ok: false, answer: json({ success: false, motivo: 'invalid' }, 404) }
  // The first browser to open a good code holds it; any other gets neither the form nor the comments.
  if ((await holdCode(env.DB, code, quote.id, browser, now)) === 'elsewhere')
    return { ok: false, answer: json({ success: false, motivo: 'elsewhere' }, 403) }
  const view = await ownerViewOf(env.DB, quote, now)
  if (!canPrice(quote, view.steps, { resend: mayResend(quote.state, view) }))
    return {
      ok: false,
      answer: json({ success: false, motivo: 'not-priceable', estado: TRACKING_STATE_LABELS[quote.state] }, 409),
    }
  return { ok: true, quote, userName: reading.userName, expiresAt: reading.expiresAt }
}

/** What the form shows of a quote: the request (the customer's words included: the owner reads them anyway) and the defaults. */
async function formData(env: FunctionEnv, settings: FunctionSettings, quote: QuoteRow) {
  const steps = await stepsOf(env.DB, quote.id)
  const previous = await latestOffer(env.DB, quote.id)
  const defaults = defaultWritten(settings, quote, { amountCents: LISTED_SERVICE_CENTS, note: null })
  return {
    referencia: quote.referencia,
    tipo: quote.tipo,
    modelo: quote.modelo,
    comentarios: quote.comentarios,
    servicio: quote.servicio,
    listedCents: defaults.listedCents,
    revised: quote.state === 'in_workshop' || steps.some((step) => step.state === 'in_workshop'),
    offerDays: settings.QUOTE_OFFER_DAYS,
    defaults: {
      trabajo: quote.servicio ?? '',
      piezas: defaults.parts,
      dias: defaults.repairDays,
      envioCents: defaults.shippingCents,
    },
    previous: previous ? { version: previous.version, amountCents: previous.amount_cents } : null,
    parts: Object.entries(PARTS).map(([value, label]) => ({ value: value as Parts, label })),
  }
}

export async function handleOwnerQuote(
  request: Request,
  env: FunctionEnv,
  ctx: Pick<ExecutionContext, 'waitUntil'>,
  deps: OwnerQuoteDeps = {},
): Promise<Response> {
  const settings = getSettings(env, request)
  const now = deps.now ?? Date.now
  if (!new URL(request.url).pathname.endsWith('/guardar')) {
    const call = await readSiteCall(request, settings, now(), { maxBytes: MAX_BYTES, schema: CodeSchema, invalid })
    if ('answer' in call) return call.answer
    const checked = await checkCode(env, settings, call.data, now(), isLocalRequest(request))
    if (!checked.ok) return checked.answer
    return json({ success: true, presupuesto: await formData(env, settings, checked.quote), caduca: checked.expiresAt })
  }
  const call = await readSiteCall(request, settings, now(), { maxBytes: MAX_BYTES, schema: SaveSchema, invalid })
  if ('answer' in call) return call.answer
  const checked = await checkCode(env, settings, call.data, now(), isLocalRequest(request))
  if (!checked.ok) return checked.answer
  const { quote } = checked

  // The form as the site posted it, validated again here with the same schema.
  const fields = call.data.formulario
  const posted = new FormData()
  for (const [name, value] of Object.entries(fields)) posted.set(name, value)
  const submission = parseWithZod(posted, { schema: OwnerQuoteSchema })
  if (submission.status !== 'success') return json({ success: false, errores: submission.error ?? {} }, 400)
  const listedCents = quote.servicio ? LISTED_SERVICE_CENTS : null
  const price = writtenFromForm(submission.value, listedCents)
  // The full quote states parts and labour apart (RD 58/1988 art. 3).
  const faults = writtenQuoteFaults(price.amountCents, price.written, { splitRequired: true })
  if (faults.length)
    return json(
      {
        success: false,
        errores: Object.fromEntries(faults.map((fault) => [FORM_FIELD[fault.field], [fault.message]])),
      },
      400,
    )

  // Spent first (a second post of the same form finds it spent), given back if the price is refused.
  const hash = await codeHash(call.data.codigo)
  if ((await spendStatement(env.DB, hash, quote.id, now()).run()).meta.changes !== 1)
    return json({ success: false, motivo: 'spent' }, 410)
  const giveBack = () => env.DB.prepare('DELETE FROM owner_links WHERE code_hash = ?1').bind(hash).run()
  const result = await recordOffer(env.DB, quote.id, {
    ...price,
    by: checked.userName,
    now: now(),
    days: settings.QUOTE_OFFER_DAYS,
  }).catch(async (error: unknown) => {
    // Nothing was saved: the link is his again, so the same form can be sent once more.
    await giveBack().catch(() => undefined)
    throw error
  })
  if (result.kind === 'held') {
    // A raise of a price that holds: nothing stored, and the reason under the amount (docs/decisions/133).
    await giveBack()
    const { hold } = result
    const until =
      hold.until !== null
        ? `hasta el ${longDay(hold.until)} incluido`
        : 'porque el cliente ya lo aceptó y es un contrato'
    return json(
      {
        success: false,
        errores: {
          importe: [
            `El presupuesto de ${formatEuros(hold.amountCents)} que tiene el cliente obliga al taller ${until}: puedes bajarlo, no subirlo.`,
          ],
        },
      },
      400,
    )
  }
  if (result.kind !== 'priced') {
    await giveBack()
    return json({ success: false, motivo: 'not-priceable', estado: TRACKING_STATE_LABELS[quote.state] }, 409)
  }
  const { row, offer } = result
  ctx.waitUntil(announce(env, settings, row, offer, deps).catch(() => undefined))
  return json({
    success: true,
    referencia: row.referencia,
    version: offer.version,
    importe: formatEuros(offer.amount_cents),
  })
}

/** The price's e-mail, the quote's message redrawn, and the bot's confirmation in the chat, as for a quick price. */
async function announce(
  env: FunctionEnv,
  settings: FunctionSettings,
  row: QuoteRow,
  offer: Awaited<ReturnType<typeof latestOffer>> & object,
  deps: OwnerQuoteDeps,
): Promise<void> {
  const now = deps.now ?? Date.now
  // The price's e-mail first, so the redrawn message and the confirmation say it went; a failure leaves it
  // to the sweep and the rest still happens, as for a quick price (inbox/prices.ts).
  const run = await sendQuoteEmails(env, settings, row.id, deps).catch((error: unknown) => {
    console.error(
      `[enviar-telegram] ${row.referencia}: el correo del presupuesto lo enviará el barrido (${(error as Error).message?.slice(0, 200)})`,
    )
    return { results: [] }
  })
  const sent = run.results.find((entry) => entry.quoteId === row.id)?.result
  const emailed = sent === 'sent' || sent === 'refused' ? sent : 'pending'
  if (!settings.TELEGRAM_BOT_TOKEN) {
    console.log(
      `[enviar-telegram] ${row.referencia}: presupuesto completo guardado, ${formatEuros(offer.amount_cents)}`,
    )
    return
  }
  const api = telegramApi(settings, deps)
  if (row.telegram_message_id) {
    await markViewStale(env.DB, row.id, row.telegram_message_id, now(), now())
    const stale = await quoteById(env.DB, row.id)
    if (stale) await refreshView(env, settings, api, stale, now)
  }
  const confirmation = await api.sendMessage(
    settings.TELEGRAM_CHAT_ID ?? '',
    `${priceSaved(row.referencia, offer, priceReach(row, settings.SITE_URL), emailed)} (presupuesto completo, por ${offer.by ?? 'el taller'})`,
    row.telegram_message_id
      ? { reply_parameters: { message_id: row.telegram_message_id, allow_sending_without_reply: true } }
      : {},
  )
  await recordMessage(env.DB, row.id, confirmation.message_id, 'price-saved', now())
}
