import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/cloudflare'
import { useActionData, useLoaderData } from '@remix-run/react'

import { catalogo } from '~/catalogo/consultas'
import { PageHero } from '~/components/page-hero'
import { Toast, type ToastData } from '~/components/toast'
import { TrackingHelp } from '~/components/tracking-help'
import { TrackingLinkHelp } from '~/components/tracking-link-help'
import { TrackingLinksForm } from '~/components/tracking-links-form'
import { TrackingLookupForm, type TrackingLookupResult } from '~/components/tracking-lookup-form'
import { TrackingUnavailable } from '~/components/tracking-unavailable'
import { getSettings } from '~/lib/env.server'
import { useLayoutData } from '~/lib/layout'
import { pageMetaOr404 } from '~/lib/meta'
import { functionAccess, type FunctionAccess } from '~/lib/quote-function.server'
import { pastOverallLimit, visitorAddress, withinLimits } from '~/lib/rate-limits.server'
import { findTracking, requestLinks } from '~/lib/tracking/client.server'
import { parseLinks, parseLookup, readLookupForm } from '~/lib/tracking/lookup.server'
import { trackingLinkHelp, trackingRedirect, trackingUnavailable } from '~/lib/tracking/view.server'
import { toast } from '~/lib/toasts.server'
import { whatsappLink, whatsappMessages } from '~/lib/whatsapp'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const settings = getSettings(request, context.cloudflare.env)
  const { consulta } = catalogo.textosSeguimiento
  return json({
    meta: consulta.meta,
    mailIn: catalogo.envios.resumen.enlace,
    /** The lookup page's texts: a part of the catalogue's record. */
    texts: {
      eyebrow: consulta.eyebrow,
      titulo: consulta.titulo,
      lead: consulta.lead,
      dondeReferencia: consulta.dondeReferencia,
      enlaces: {
        titulo: consulta.enlaces.titulo,
        texto: consulta.enlaces.texto,
        boton: consulta.enlaces.boton,
        enviando: consulta.enlaces.enviando,
      },
    },
    whatsapp: whatsappLink(settings.SHOP_PHONE, whatsappMessages.seguimiento()),
  })
}

type ActionData = {
  /** Which form answered: the lookup (reference + e-mail) or the lost links (e-mail only). */
  form: 'lookup' | 'links'
  result: TrackingLookupResult
  toast: ToastData | null
  /** The lost links were asked for: the same answer whatever the address (docs/decisions/104). */
  linksSent: { titulo: string; texto: string; nota: string } | null
  /** The function could not be reached: the page says so, with WhatsApp prefilled with the reference. */
  outage: ReturnType<typeof trackingUnavailable> | null
  /** The lookup was capped by wrong guesses: where the customer's link is all the same. */
  linkHelp: ReturnType<typeof trackingLinkHelp> | null
}

/**
 * A lookup, in this order: read only the form's own fields, bounded (413);
 * validate (400 with the messages and the values); a filled honeypot gets
 * the answer of a wrong pair; past his own rate limit a visitor gets 429
 * (the overall limit refuses nobody: it leaves a log line); then the
 * function is asked. A right pair goes to its tracking page (303, a whole
 * new document); an unknown reference and a wrong e-mail get one answer, the
 * same status and text (404); past the function's caps on wrong guesses
 * (docs/decisions/092), a reason and where the link is: 429 for this
 * visitor's own cap, 423 for a reference or an e-mail that strangers' guesses
 * locked; a function that cannot be reached, a page that says so (503).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const settings = getSettings(request, context.cloudflare.env)
  const access = functionAccess(request, context.cloudflare.env, settings)
  const { consulta } = catalogo.textosSeguimiento
  const form = await readLookupForm(request)
  if (form.intent === 'links') return askForLinks(request, context.cloudflare.env, settings, access, form)
  const submission = parseLookup(form.fields)
  const answer = answerOf('lookup', submission)
  if (!form.complete) return answer(413, toast({ tipo: 'error', ...consulta.demasiadoLarga }))
  if (submission.status !== 'success') return answer(400, null)
  const { website, referencia, email } = submission.value
  if (website) return answer(404, toast({ tipo: 'error', ...consulta.noEncontrada }))
  const { env } = context.cloudflare
  const linkHelp = trackingLinkHelp(settings, referencia)
  if (!(await withinLookupLimits(request, env)))
    return answer(429, toast({ tipo: 'error', ...consulta.demasiadas }), { linkHelp })
  const found = await findTracking(access, { referencia, email }, { visitor: visitorAddress(request) })
  if (found.kind === 'found') return trackingRedirect(found.seguimiento)
  if (found.kind === 'unknown') return answer(404, toast({ tipo: 'error', ...consulta.noEncontrada }))
  if (found.kind === 'limited') return answer(429, toast({ tipo: 'error', ...consulta.muchosFallos }), { linkHelp })
  if (found.kind === 'locked') return answer(423, toast({ tipo: 'error', ...consulta.bloqueada }), { linkHelp })
  return answer(503, null, { outage: trackingUnavailable(settings, referencia) })
}

/** The answer of one of the page's two forms: its messages and values, a toast, and what else the page shows. */
const answerOf =
  (form: ActionData['form'], submission: { reply: () => TrackingLookupResult }) =>
  (status: number, shown: ToastData | null, extra: Partial<Omit<ActionData, 'result' | 'toast' | 'form'>> = {}) =>
    json<ActionData>(
      { form, result: submission.reply(), toast: shown, outage: null, linkHelp: null, linksSent: null, ...extra },
      { status },
    )

/**
 * The visitor's own limit for both forms (false: 429 with a reason). Everybody together past the overall
 * limit refuses nobody (docs/decisions/091): a line for the owner.
 */
async function withinLookupLimits(request: Request, env: Env): Promise<boolean> {
  if (!(await withinLimits(request, { perIp: env.LOOKUPS_PER_IP }))) return false
  if (await pastOverallLimit(env.LOOKUPS_TOTAL, 'seguimiento'))
    console.warn('Búsquedas de seguimiento por encima del límite general (LOOKUPS_TOTAL): se atienden igual')
  return true
}

/**
 * The lost links, in this order: the form read bounded (413), validated (400 with the message and the
 * value), the honeypot answered as a real request, the visitor's own limit (429 with a reason), then the
 * function asked. Whatever the address, the same 200 and the same words: "if we have requests with that
 * e-mail, we have sent you their links" (docs/decisions/104). The function down: a page that says so (503).
 */
async function askForLinks(
  request: Request,
  env: Env,
  settings: ReturnType<typeof getSettings>,
  access: FunctionAccess,
  form: Awaited<ReturnType<typeof readLookupForm>>,
) {
  const { consulta } = catalogo.textosSeguimiento
  const submission = parseLinks(form.fields)
  const answer = answerOf('links', submission)
  if (!form.complete) return answer(413, toast({ tipo: 'error', ...consulta.demasiadoLarga }))
  if (submission.status !== 'success') return answer(400, null)
  const sent = { linksSent: consulta.enlaces.respuesta }
  if (submission.value.website) return answer(200, null, sent)
  if (!(await withinLookupLimits(request, env))) return answer(429, toast({ tipo: 'error', ...consulta.demasiadas }))
  const asked = await requestLinks(access, submission.value.email, { visitor: visitorAddress(request) })
  if (asked.kind === 'asked') return answer(200, null, sent)
  if (asked.kind === 'limited') return answer(429, toast({ tipo: 'error', ...consulta.demasiadas }))
  return answer(503, null, { outage: trackingUnavailable(settings, null) })
}

export const meta: MetaFunction<typeof loader> = (args) =>
  pageMetaOr404(args, (data) => ({ ...data.meta, noindex: true }))

export default function TrackingLookup() {
  const data = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>() as ActionData | undefined
  const contact = useLayoutData()?.contact
  const { texts } = data
  return (
    <>
      {actionData?.toast ? <Toast key={actionData.toast.id} toast={actionData.toast} /> : null}
      <PageHero eyebrow={texts.eyebrow} title={texts.titulo} lead={texts.lead} />
      <section className="section section--tight">
        <div className="container tracking-layout">
          <div className="tracking-layout__main">
            {actionData?.outage ? <TrackingUnavailable {...actionData.outage} /> : null}
            {actionData?.linkHelp ? <TrackingLinkHelp {...actionData.linkHelp} /> : null}
            <section className="panel" aria-labelledby="buscar-solicitud">
              <h2 id="buscar-solicitud" className="panel__title">
                Busca tu solicitud
              </h2>
              <TrackingLookupForm result={actionData?.form === 'lookup' ? actionData.result : undefined} />
            </section>
            <TrackingLinksForm
              texts={texts.enlaces}
              result={actionData?.form === 'links' ? actionData.result : undefined}
              sent={actionData?.linksSent ?? null}
            />
          </div>
          <TrackingHelp
            title="¿Dónde está mi referencia?"
            whatsapp={data.whatsapp}
            contact={contact}
            mailIn={data.mailIn}
          >
            {texts.dondeReferencia}
          </TrackingHelp>
        </div>
      </section>
    </>
  )
}
