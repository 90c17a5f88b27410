/**
 * The owner's side of the contract in Telegram (docs/decisions/132, 134): why the repair may not start yet
 * (the '🔒 Reparar: …' button's tap), the serial number of a device received (a forced reply after '📦 Recibido
 * en el taller', or /serie), a withdrawal that reached the shop by e-mail, letter or at the counter ('↩️
 * Desistimiento recibido', then a confirming tap), the customer's address corrected (/correo), and the owner's
 * help (/ayuda). Registered by inbox/webhook.ts into its bot, before its own reply handler.
 */
import type { Bot, Context } from 'grammy'
import { longDay } from '~shared/dates'
import { QuoteSchema, withoutControls } from '~shared/quote'
import { REFERENCE } from '~shared/reference'
import { TRACKING_STATE_LABELS } from '~shared/tracking'

import { BUTTONS } from '../chat/callback-data'
import { recordMessage } from '../chat/messages'
import { WITHDRAWAL_RECEIVED_BUTTON } from '../chat/quote-message'
import { type RepairGate, repairHeldBack } from '../offers/contract-rules'
import { ownerViewOf } from '../payments/standing'
import { recordReceivedWithdrawal } from '../offers/withdrawal'
import { repliesToBot } from '../platform/bot-identity'
import type { FunctionSettings } from '../platform/settings'
import { oweSerial } from '../quotes/emails-owed'
import { quoteById, quoteByReference, type QuoteRow } from '../quotes/store'
import { onButton, referenceCommand } from './replies'

export interface ContractInboxDeps {
  env: FunctionEnv
  settings: FunctionSettings
  botId: number
  now: () => number
  whoIs: (ctx: Context) => string
  quietly: (call: Promise<unknown>, what: string) => Promise<void>
  /** Redraws a quote's message as saved (inbox/webhook.ts). */
  showSaved: (ctx: Context, row: QuoteRow, messageId: number | undefined) => Promise<void>
  /** Sends the customer's e-mails a change owed, before the message is redrawn (inbox/webhook.ts). */
  emailFor: (row: Pick<QuoteRow, 'id'>) => Promise<void>
}

/** A serial number as the owner typed it: one line, bounded. */
export const MAX_SERIAL_CHARS = 60
/** What the owner answers when the device has no readable serial number. */
const WITHOUT_SERIAL = /^(sin (n[uú]mero|serie)|no (hay|tiene)|ninguno|no|-)\.?$/iu

/** Why the repair may not start, in the answer to the '🔒 Reparar: …' button (Telegram takes 200 characters). */
export function heldBackReason(reference: string, why: Exclude<RepairGate, 'open'>): string {
  return {
    'not-accepted': `${reference}: para reparar, el cliente tiene que aceptar en su página un presupuesto. Si lo habéis hablado por teléfono o WhatsApp, envíaselo (💶) y que lo acepte allí.`,
    'no-express-request': `${reference}: aceptó sin pedir que empecemos dentro del plazo de desistimiento. Envíale el presupuesto otra vez (💶) para que lo acepte con esa petición.`,
    'confirmation-pending': `${reference}: el correo que le confirma la aceptación aún no ha salido. En cuanto salga podrás empezar la reparación.`,
    'confirmation-refused': `${reference}: su correo de confirmación no llegó. Pídele otro correo, /correo ${reference} nuevo@correo.es, y envíale el presupuesto otra vez (💶).`,
  }[why]
}

/** The forced-reply prompt after '📦 Recibido en el taller': the serial number goes on the deposit receipt. */
export function serialPrompt(reference: string): string {
  return `📦 ${reference}: responde a este mensaje con el número de serie del aparato (o «sin número») y lo añadimos a su resguardo de depósito. También: /serie ${reference} 1234ABCD`
}
const SERIAL_PROMPT = new RegExp(`^📦 (${REFERENCE.source.slice(1, -1)}): responde`, 'u')

/** The owner's help: the buttons and commands, and that a deal by phone or WhatsApp goes through the site. */
export const OWNER_HELP = [
  '🛠️ Cómo llevar un presupuesto desde aquí',
  '',
  '• ✅ Atendida cuando le contestas; 💶 Enviar presupuesto (o /presupuesto P-7K3Q 25 nota) o 📝 Presupuesto completo para darle el precio por escrito.',
  '• El cliente acepta en su página de seguimiento, con su nombre, su dirección y su petición de empezar ya. Un acuerdo por teléfono o WhatsApp pasa por la misma puerta: envíale el presupuesto y que lo acepte allí.',
  '• 🔧 En reparación solo aparece cuando ha aceptado en la web y le ha llegado el correo que lo confirma. Un aparato puede entrar antes para verlo (📦 Recibido en el taller): el presupuesto revisado lo vuelve a aceptar en su página.',
  '• Un precio enviado obliga mientras vale: puedes bajarlo, no subirlo. Solo el primer presupuesto revisado tras recibir el aparato puede ser mayor.',
  `• ${WITHDRAWAL_RECEIVED_BUTTON}: si te desiste por correo, carta o en el taller dentro de su plazo; se confirma con un segundo toque y se le avisa por correo.`,
  '',
  'Órdenes: /pendientes, /taller, /presupuesto P-7K3Q 25 nota, /enviado P-7K3Q SEUR 123, /serie P-7K3Q 1234ABCD, /correo P-7K3Q nuevo@correo.es, /olvidar cliente@correo.es, /ayuda.',
].join('\n')

/** Registers the handlers; gives back what inbox/webhook.ts asks after '📦 Recibido en el taller'. */
export function registerContract(bot: Bot, deps: ContractInboxDeps): { askSerial: (row: QuoteRow) => Promise<void> } {
  const { env, settings, now } = deps
  const chatId = settings.TELEGRAM_CHAT_ID ?? ''

  bot.command('ayuda', (ctx) => ctx.reply(OWNER_HELP, { link_preview_options: { is_disabled: true } }))

  // '🔒 Reparar: …': why the repair may not start yet, and what to do.
  onButton(bot, BUTTONS.heldBack, async (ctx, [id]) => {
    const quote = await quoteById(env.DB, id)
    const why = quote && repairHeldBack(quote.state, await ownerViewOf(env.DB, quote, now()))
    await deps.quietly(
      ctx.answerCallbackQuery({
        text: quote && why ? heldBackReason(quote.referencia, why) : 'Ya puedes seguir: mira los botones de nuevo.',
        show_alert: true,
      }),
      'La respuesta al botón',
    )
    if (quote && !why) await deps.showSaved(ctx, quote, ctx.callbackQuery.message?.message_id)
  })

  /** The serial number of a device the shop has: its receipt says it (a new e-mail if the receipt went already). */
  async function recordSerial(ctx: Context, reference: string, typed: string) {
    const quote = await quoteByReference(env.DB, reference)
    if (!quote) return ctx.reply(`No hay ningún presupuesto ${reference}.`)
    const serial = withoutControls(typed).replace(/\s+/g, ' ').trim().slice(0, MAX_SERIAL_CHARS)
    if (!serial) return ctx.reply(`Escribe el número de serie: /serie ${quote.referencia} 1234ABCD`)
    if (WITHOUT_SERIAL.test(serial))
      return ctx.reply(`📦 ${quote.referencia}: sin número de serie. El resguardo queda como está.`)
    const [updated] = await env.DB.batch([
      env.DB.prepare(
        `UPDATE presupuestos SET serial = ?2 WHERE id = ?1
           AND EXISTS (SELECT 1 FROM quote_states WHERE quote_id = ?1 AND state = 'in_workshop' AND undone_at IS NULL)`,
      ).bind(quote.id, serial),
      oweSerial(env.DB, quote.id, now()),
    ])
    if (updated?.meta.changes !== 1)
      return ctx.reply(
        `${quote.referencia} está en «${TRACKING_STATE_LABELS[quote.state]}»: el número de serie se anota cuando el aparato está en el taller.`,
      )
    const row = (await quoteById(env.DB, quote.id)) ?? quote
    await deps.emailFor(row)
    await deps.showSaved(ctx, row, row.telegram_message_id ?? undefined)
    const saved = await ctx.reply(
      `🔢 Anotado para ${row.referencia}: ${serial}. Sale en su resguardo de depósito (si ya lo tenía, le llega uno actualizado).`,
    )
    await recordMessage(env.DB, row.id, saved.message_id, 'serial-saved', now())
  }

  /** Asks for the serial number of a device just received, as a forced reply (nothing waits for it). */
  async function askSerial(row: QuoteRow) {
    await deps.quietly(
      bot.api
        .sendMessage(chatId, serialPrompt(row.referencia), {
          reply_markup: { force_reply: true, input_field_placeholder: 'Número de serie (o «sin número»)' },
        })
        .then((prompt) => recordMessage(env.DB, row.id, prompt.message_id, 'serial-prompt', now())),
      `${row.referencia}: la pregunta del número de serie`,
    )
  }

  referenceCommand(
    bot,
    'serie',
    'Uso: /serie P-7K3Q 1234ABCD\nAnota el número de serie del aparato recibido: sale en su resguardo.',
    recordSerial,
  )

  // The customer's address corrected (one that bounced, as he gives it on WhatsApp): the next e-mails go there.
  bot.command('correo', async (ctx) => {
    const [reference = '', email = '', ...extra] = ctx.match.trim().split(/\s+/)
    // Checked as the quote form checks it: the shop never stores an address the form would refuse.
    const checked = QuoteSchema.shape.email.safeParse(email)
    if (!REFERENCE.test(reference.toUpperCase()) || extra.length || !checked.success) {
      await ctx.reply(
        'Uso: /correo P-7K3Q nuevo@correo.es\nCambia el correo del cliente (por ejemplo, el que te dé por WhatsApp si el suyo no funciona): los próximos correos van ahí.',
      )
      return
    }
    const quote = await quoteByReference(env.DB, reference.toUpperCase())
    if (!quote) {
      await ctx.reply(`No hay ningún presupuesto ${reference.toUpperCase()}.`)
      return
    }
    await env.DB.prepare('UPDATE presupuestos SET email = ?2 WHERE id = ?1').bind(quote.id, checked.data).run()
    const row = (await quoteById(env.DB, quote.id)) ?? quote
    const view = await ownerViewOf(env.DB, row, now())
    await deps.showSaved(ctx, row, row.telegram_message_id ?? undefined)
    const next =
      repairHeldBack(row.state, view) === 'confirmation-refused' || view.offer?.status === 'accepted'
        ? ' Ahora envíale el presupuesto otra vez (💶) para que lo acepte en su página: la confirmación le llegará a este correo.'
        : ''
    const saved = await ctx.reply(
      `📧 ${row.referencia}: correo cambiado a ${checked.data}. Los próximos correos van ahí.${next}`,
    )
    await recordMessage(env.DB, row.id, saved.message_id, 'email-changed', now())
  })

  // '↩️ Desistimiento recibido': the same message asks to confirm, under it (nothing recorded yet).
  onButton(bot, BUTTONS.withdrawal, async (ctx, [id]) => {
    const quote = await quoteById(env.DB, id)
    const view = quote && (await ownerViewOf(env.DB, quote, now()))
    if (!quote || !view?.withdrawalUntil) {
      await deps.quietly(
        ctx.answerCallbackQuery({ text: 'Ese contrato ya no admite desistimiento (fuera de plazo o ya terminado).' }),
        'La respuesta al botón',
      )
      if (quote) await deps.showSaved(ctx, quote, ctx.callbackQuery.message?.message_id)
      return
    }
    await deps.quietly(
      ctx.answerCallbackQuery({ text: '¿Lo registras? Confirma con el botón.' }),
      `${quote.referencia}: la respuesta al botón`,
    )
    await deps.quietly(
      ctx.editMessageReplyMarkup({
        reply_markup: {
          inline_keyboard: [
            [
              {
                text: '✅ Sí, confirmar el desistimiento',
                callback_data: BUTTONS.withdrawalConfirmed.encode(quote.id),
              },
            ],
            [{ text: '✖️ No, volver', callback_data: BUTTONS.withdrawalCancelled.encode(quote.id) }],
          ],
        },
      }),
      `${quote.referencia}: la confirmación del desistimiento`,
    )
  })

  onButton(bot, BUTTONS.withdrawalCancelled, async (ctx, [id]) => {
    const quote = await quoteById(env.DB, id)
    await deps.quietly(ctx.answerCallbackQuery({ text: 'Sin cambios.' }), 'La respuesta al botón')
    if (quote) await deps.showSaved(ctx, quote, ctx.callbackQuery.message?.message_id)
  })

  // The confirming tap: recorded as the customer's withdrawal, today, and he gets its acknowledgement by e-mail.
  onButton(bot, BUTTONS.withdrawalConfirmed, async (ctx, [id]) => {
    const result = await recordReceivedWithdrawal(env.DB, id, now())
    if (result.kind === 'unknown') {
      await deps.quietly(
        ctx.answerCallbackQuery({ text: 'Este presupuesto ya no existe: se borró.' }),
        'La respuesta al botón',
      )
      return
    }
    const quote = result.kind === 'taken' ? result.row : await quoteById(env.DB, id)
    await deps.quietly(
      ctx.answerCallbackQuery({
        text:
          result.kind === 'taken'
            ? '↩️ Desistimiento registrado'
            : 'Ya no se puede registrar: fuera de plazo, ya registrado o terminado.',
      }),
      'La respuesta al botón',
    )
    if (!quote) return
    if (result.kind === 'taken') await deps.emailFor(quote)
    const row = (await quoteById(env.DB, quote.id)) ?? quote
    await deps.showSaved(ctx, row, ctx.callbackQuery.message?.message_id)
    if (result.kind !== 'taken') return
    const saved = await ctx.reply(
      `↩️ ${row.referencia}: desistimiento registrado el ${longDay(now())}, por ${deps.whoIs(ctx)}. El cliente recibe el acuse por correo y lo ve en su página. No sigas con la reparación: si tienes el aparato, devuélveselo (✅ Listo para recoger o 🚚 Enviado); si no, ciérrala como cancelada.`,
      row.telegram_message_id
        ? { reply_parameters: { message_id: row.telegram_message_id, allow_sending_without_reply: true } }
        : {},
    )
    await recordMessage(env.DB, row.id, saved.message_id, 'withdrawal-received', now())
  })

  // The owner's reply to the serial number's prompt; any other message goes on to the next handler.
  bot.on('message:text', async (ctx, next) => {
    const prompt = ctx.message.reply_to_message
    const reference = repliesToBot(prompt, deps.botId) ? SERIAL_PROMPT.exec(prompt?.text ?? '')?.[1] : undefined
    if (!reference) return next()
    await recordSerial(ctx, reference, ctx.message.text)
  })

  return { askSerial }
}
