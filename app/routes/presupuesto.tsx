import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/cloudflare'
import { useActionData, useLoaderData } from '@remix-run/react'

import { catalogo } from '~/catalogo/consultas'
import type { Ventaja } from '~/catalogo/tipos'
import { DirectContact } from '~/components/direct-contact'
import { Icon } from '~/components/icon'
import { PageHero } from '~/components/page-hero'
import { PrivacyNotice } from '~/components/privacy-notice'
import { QuoteForm, type QuoteFormResult } from '~/components/quote-form'
import { Toast, type ToastData } from '~/components/toast'
import type { PageHandle } from '~/lib/hydration'
import { useLayoutData } from '~/lib/layout'
import { pageMeta } from '~/lib/meta'
import { QUOTE_TOASTS } from '~/lib/quote/options'
import {
  formTokenId,
  forwardQuote,
  functionAccess,
  getSettings,
  idempotencyKey,
  isLiveCheck,
  isOwnToken,
  json,
  listedService,
  parseQuoteSubmission,
  PAST_OVERALL_NOTE,
  pastOverallLimit,
  prefillFromQuery,
  QUOTE_CHOICES,
  readFlash,
  readFormToken,
  readQuoteForm,
  redirect,
  requireSettings,
  sentToast,
  setFlash,
  signFormToken,
  suspicion,
  toast,
  visitorAddress,
  withinLimits,
} from '~/lib/quote/page.server'
import { whatsappLink, whatsappMessages } from '~/lib/whatsapp'

/**
 * The quote form is an application: React hydrates this page for conform's live check as the visitor
 * corrects, the model list that follows the type, and the toasts after a post (docs/decisions/096).
 */
export const handle = { hydrate: true } satisfies PageHandle

export async function loader({ request, context }: LoaderFunctionArgs) {
  const settings = getSettings(request, context.cloudflare.env)
  requireSettings(request, settings, ['FORM_SECRET'])
  const { flash, clear } = readFlash(request)
  return json(
    {
      toast: flash ? sentToast(QUOTE_TOASTS.enviado, flash) : null,
      formToken: await signFormToken(settings.FORM_SECRET),
      prefill: prefillFromQuery(new URL(request.url).searchParams),
      choices: QUOTE_CHOICES,
      motivos: catalogo.motivos as readonly Ventaja[],
      whatsapp: whatsappLink(settings.SHOP_PHONE, whatsappMessages.presupuesto),
    },
    { headers: clear ? { 'Set-Cookie': clear } : {} },
  )
}

type ActionData = { result: QuoteFormResult; toast: ToastData | null; formToken: string }

/**
 * A quote post, in this order: read only the form's own fields, bounded (413
 * past the cap); validate (400 with the messages, however fast or with
 * whatever token it came; a check as the visitor corrects stops here with
 * 200); a filled honeypot sees success and nothing is forwarded; past his
 * own rate limit a visitor gets 429 with a reason (the overall limit refuses
 * nobody: it adds a note); everything else is forwarded, with a note for the
 * owner when it looks automated or came past the overall limit. No valid post is ever dropped by a
 * bot check (docs/decisions/006-bot-signals-mark-never-drop.md).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const settings = getSettings(request, context.cloudflare.env)
  requireSettings(request, settings, ['FORM_SECRET'])
  const access = functionAccess(request, context.cloudflare.env, settings)
  const form = await readQuoteForm(request)
  const reading = await readFormToken(form.fields.token, settings.FORM_SECRET, {
    minMs: settings.FORM_MIN_SECONDS * 1000,
  })
  // The same render keeps its token across corrections, so a fix sent a second later is not "too fast".
  const ownToken = isOwnToken(reading) && form.fields.token ? form.fields.token : null
  const formToken = ownToken ?? (await signFormToken(settings.FORM_SECRET))
  const submission = parseQuoteSubmission(form.fields)
  const answer = (status: number, shown: ToastData | null, token = formToken) =>
    json<ActionData>({ result: submission.reply(), toast: shown, formToken: token }, { status })

  if (!form.complete) return answer(413, toast(QUOTE_TOASTS.demasiadoLarga))
  if (isLiveCheck(form.fields)) return answer(200, null)
  if (submission.status !== 'success') return answer(400, null)
  const { website, ...quote } = submission.value
  const sent = (reference: string | null, tracking: string | null) =>
    redirect('/presupuesto', {
      status: 303,
      headers: {
        'Set-Cookie': setFlash(request, { tipo: 'presupuesto-enviado', referencia: reference, seguimiento: tracking }),
      },
    })
  if (website) return sent(null, null)
  const { env } = context.cloudflare
  if (!(await withinLimits(request, { perIp: env.QUOTE_POSTS_PER_IP })))
    return answer(429, toast(QUOTE_TOASTS.demasiadas))
  // Everybody together past the overall limit refuses nobody: the owner reads a note (docs/decisions/091).
  const busy = await pastOverallLimit(env.QUOTE_POSTS_TOTAL, 'presupuestos')
  const note = [suspicion(reading), busy ? PAST_OVERALL_NOTE : null].filter(Boolean).join('; ')
  const service = listedService(form.fields.servicio, quote.tipo, quote.modelo)
  const result = await forwardQuote(
    access,
    { ...quote, servicio: service, sospecha: note || null },
    {
      idempotencyKey: await idempotencyKey(form.fields.token, quote),
      visitor: visitorAddress(request),
      // One signed token stores one quote (docs/decisions/126); a post without one is only marked.
      formToken: ownToken ? await formTokenId(ownToken) : null,
    },
  )
  if (result.ok) return sent(result.referencia, result.seguimiento)
  if (result.refused === 'limited') return answer(429, toast(QUOTE_TOASTS.demasiadas))
  if (result.refused === 'limited-day') return answer(429, toast(QUOTE_TOASTS.demasiadasHoy))
  // Another quote already went with this form: the answer is a fresh form with every value kept.
  if (result.refused === 'spent')
    return answer(409, toast(QUOTE_TOASTS.formularioUsado), await signFormToken(settings.FORM_SECRET))
  return answer(502, toast(QUOTE_TOASTS.error))
}

/** A live check as the visitor corrects changes nothing the page's loader shows. */
export { shouldRevalidate } from '~/lib/quote/live-check'

/** The quote page is personal (flash, values): never cached; the flash cookie is consumed here. */
export const headers: HeadersFunction = ({ loaderHeaders, actionHeaders }) => {
  const result = new Headers({ 'Cache-Control': 'no-store' })
  const cookie = actionHeaders.get('Set-Cookie') ?? loaderHeaders.get('Set-Cookie')
  if (cookie) result.set('Set-Cookie', cookie)
  return result
}

export const meta: MetaFunction<typeof loader> = (args) =>
  pageMeta(args, {
    title: 'Solicitar Presupuesto',
    description:
      'Pide un presupuesto gratis y sin compromiso para reparar tu mando o tu consola. Respuesta en menos de 24 horas laborables o al momento por WhatsApp.',
  })

export default function QuotePage() {
  const data = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>() as ActionData | undefined
  const layout = useLayoutData()
  const shown = actionData?.toast ?? data.toast
  return (
    <>
      {shown ? <Toast key={shown.id} toast={shown} /> : null}
      <PageHero
        eyebrow="Presupuesto gratis"
        title="Solicitar Presupuesto"
        lead="Rellena el formulario o contáctanos directamente por WhatsApp y te diremos cómo dejar tu mando o tu consola como nuevos."
      />
      <section className="section">
        <div className="container quote-layout">
          <section className="panel quote-layout__form" aria-labelledby="formulario-titulo">
            <h2 id="formulario-titulo" className="panel__title">
              Cuéntanos qué le pasa
            </h2>
            <p>Te respondemos en menos de 24 horas con tu presupuesto, gratis y sin compromiso.</p>
            {/* A new success remounts the form: that is its reset. */}
            <QuoteForm
              key={data.toast?.id ?? 'presupuesto'}
              result={actionData?.result}
              prefill={data.prefill}
              choices={data.choices}
              formToken={actionData?.formToken ?? data.formToken}
            />
            {layout ? (
              <PrivacyNotice
                shopName={layout.shop.nombre}
                email={layout.contact.email}
                retentionDays={layout.privacy.retentionDays}
                text={layout.privacy.summary.formulario}
              />
            ) : null}
          </section>
          <div className="quote-layout__aside">
            {layout ? (
              <DirectContact
                whatsapp={data.whatsapp}
                phone={layout.contact.phone}
                readablePhone={layout.contact.readablePhone}
                email={layout.contact.email}
                hours={layout.contact.hours}
                replyTime={layout.contact.replyTime}
              />
            ) : null}
          </div>
          <section className="panel panel--alt quote-layout__reasons" aria-labelledby="por-que">
            <h2 id="por-que" className="panel__title">
              ¿Por qué elegirnos?
            </h2>
            <ul className="list-grid reasons">
              {data.motivos.map((reason) => (
                <li key={reason.titulo}>
                  <span className="icon-tile">
                    <Icon name={reason.icono} size={22} />
                  </span>
                  <div>
                    <h3 className="reasons__title">{reason.titulo}</h3>
                    <p>{reason.texto}</p>
                    {reason.enlace ? (
                      <a href={reason.enlace.to} className="link-arrow">
                        {reason.enlace.texto} <Icon name="flecha" size={18} />
                      </a>
                    ) : null}
                  </div>
                </li>
              ))}
            </ul>
          </section>
        </div>
      </section>
    </>
  )
}
