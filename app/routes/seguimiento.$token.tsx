import {
  json,
  redirect,
  redirectDocument,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/cloudflare'
import { useActionData, useLoaderData, useLocation, useParams } from '@remix-run/react'

import { catalogo } from '~/catalogo/consultas'
import { MailInSummary } from '~/components/mail-in-summary'
import { OfferFailure } from '~/components/offer-failure'
import { OfferPanel } from '~/components/offer-panel'
import { PageHero } from '~/components/page-hero'
import { PaymentPanel } from '~/components/payment-panel'
import { TrackingHelp } from '~/components/tracking-help'
import { TrackingStatus } from '~/components/tracking-status'
import { TrackingTimeline } from '~/components/tracking-timeline'
import { TrackingUnavailable } from '~/components/tracking-unavailable'
import { WithdrawalPanel } from '~/components/withdrawal-panel'
import { getSettings } from '~/lib/env.server'
import { notFound } from '~/lib/http.server'
import { useLayoutData } from '~/lib/layout'
import { pageMetaOr404 } from '~/lib/meta'
import { functionAccess } from '~/lib/quote-function.server'
import { fetchTracking } from '~/lib/tracking/client.server'
import {
  acceptanceFaults,
  postDecision,
  postPayment,
  postWithdrawal,
  readPagePost,
} from '~/lib/tracking/decision.server'
import { withinLimits } from '~/lib/rate-limits.server'
import { PAYMENT_RETURN } from '~shared/payment'
import { TRACKING_TOKEN, trackingPath } from '~shared/tracking'
import { trackingUnavailable, trackingView } from '~/lib/tracking/view.server'

/**
 * A quote's private tracking page. Past his own limit of pages a minute
 * (TRACKING_PAGES_PER_IP), or of unknown tokens (TRACKING_GUESSES_PER_IP, so
 * nobody tries tokens by the thousand), a visitor gets a page that says so
 * (429); nobody else's requests count against him (docs/decisions/091). The function owns the data: an unknown or erased
 * token is the not-found page (404), a function that cannot be reached is a
 * page that says so (503). Every answer here is private (server.ts,
 * docs/decisions/071-tracking-pages-private.md).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  // Back from Stripe's page (success_url): the function asks Stripe first; the return itself proves nothing.
  const checkPayment = new URL(request.url).searchParams.get(PAYMENT_RETURN.param) === PAYMENT_RETURN.paid
  const settings = getSettings(request, context.cloudflare.env)
  const access = functionAccess(request, context.cloudflare.env, settings)
  const page = catalogo.textosSeguimiento.pagina
  const offerTexts = catalogo.textosSeguimiento.presupuesto
  const withdrawalTexts = catalogo.textosSeguimiento.desistimiento
  const { env } = context.cloudflare
  const tooMany = () =>
    json(
      {
        kind: 'down' as const,
        page,
        offerTexts,
        withdrawalTexts,
        paymentDown: catalogo.textosSeguimiento.pago.caida,
        unavailable: trackingUnavailable(settings, null, 'demasiadas'),
      },
      { status: 429 },
    )
  if (!(await withinLimits(request, { perIp: env.TRACKING_PAGES_PER_IP }))) return tooMany()
  const answer = await fetchTracking(access, params.token ?? '', { checkPayment })
  // Only unknown tokens count as guesses: a customer reading his own page never spends them.
  if (answer.kind === 'unknown') {
    if (!(await withinLimits(request, { perIp: env.TRACKING_GUESSES_PER_IP }))) return tooMany()
    notFound(request)
  }
  if (answer.kind === 'down')
    return json(
      {
        kind: 'down' as const,
        page,
        offerTexts,
        withdrawalTexts,
        paymentDown: catalogo.textosSeguimiento.pago.caida,
        unavailable: trackingUnavailable(settings, null),
      },
      { status: 503 },
    )
  const tracking = trackingView(answer.tracking, settings)
  // 'Pagar' answers 303 to Stripe's Checkout: a form's redirect must be allowed by the page's form-action.
  if (tracking.payment?.checkoutOrigin) context.csp.formActions = [tracking.payment.checkoutOrigin]
  return json({
    kind: 'found' as const,
    page,
    mailIn: catalogo.envios.resumen.enlace,
    offerTexts,
    withdrawalTexts,
    paymentTexts: catalogo.textosSeguimiento.pago,
    tracking,
  })
}

/**
 * The customer's answer to his price ('Aceptar presupuesto', 'No, gracias'),
 * posted by the page's own forms (docs/decisions/086): passed to the
 * function, then the page again as it now stands (303); a repeat changes
 * nothing and shows the same. An answer to a price replaced meanwhile, or
 * expired, is not taken: the page as it stands, with a notice saying so. A foreign Origin was
 * refused before (server.ts); a form that is not one is 400, an unknown or
 * erased token the not-found page, and a function that cannot be reached
 * the page saying the answer could not be saved (503), never a 500.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const access = functionAccess(request, context.cloudflare.env, getSettings(request, context.cloudflare.env))
  const token = params.token ?? ''
  if (!TRACKING_TOKEN.test(token)) notFound(request)
  const { env } = context.cloudflare
  // Per visitor only: what others post never refuses a customer's answer (docs/decisions/091).
  if (!(await withinLimits(request, { perIp: env.DECISIONS_PER_IP })))
    return json({ failure: 'limited' as const }, { status: 429 })
  const posted = await readPagePost(request)
  if (!posted) return json({ failure: 'invalid' as const }, { status: 400 })
  // 'Desistir': the confirmation, with what follows; nothing is recorded until he confirms.
  if (posted.kind === 'withdraw') return json({ confirmWithdrawal: true as const })
  // 'Pagar': to the Checkout Session of what he owes (the function reuses one in progress: two presses, one
  // session). Nothing due (paid, being confirmed, no price accepted): the page as it stands.
  if (posted.kind === 'pay') {
    const checkout = await postPayment(access, token)
    if (checkout.kind === 'unknown') notFound(request)
    if (checkout.kind === 'down') return json({ failure: 'payment-down' as const }, { status: 503 })
    if (checkout.kind === 'session') return redirect(checkout.url, 303)
    return redirectDocument(trackingPath(token), 303)
  }
  if (posted.kind === 'confirm-withdrawal') {
    const withdrawn = await postWithdrawal(access, token)
    if (withdrawn.kind === 'unknown') notFound(request)
    if (withdrawn.kind === 'down') return json({ failure: 'withdrawal-down' as const }, { status: 503 })
    return redirectDocument(trackingPath(token), 303)
  }
  const { decision } = posted
  // Accepting binds him to pay: not without his express request (the box) and his name and address, which the
  // page asks for again, each message beside its field and what he typed kept.
  const faults = decision.decision === 'aceptar' ? acceptanceFaults(decision) : null
  if (faults) return json({ failure: 'acceptance' as const, acceptance: faults }, { status: 422 })
  const answer = await postDecision(access, token, decision)
  if (answer.kind === 'unknown') notFound(request)
  if (answer.kind === 'down') return json({ failure: 'down' as const }, { status: 503 })
  // A price replaced while he read it, or one that expired: his answer was not taken, and the page (read
  // again) says why above the price as it now stands. A repeat shows the page as it is.
  if (answer.outcome === 'replaced' || answer.outcome === 'expired') return json({ failure: answer.outcome })
  return redirectDocument(trackingPath(token), 303)
}

export const meta: MetaFunction<typeof loader> = (args) =>
  pageMetaOr404(args, (data) =>
    data.kind === 'found'
      ? {
          title: `Seguimiento de la solicitud ${data.tracking.referencia}`,
          description: `Estado de tu solicitud ${data.tracking.referencia}: ${data.tracking.state.etiqueta}.`,
          noindex: true,
        }
      : { title: 'Seguimiento no disponible', description: data.unavailable.texto, noindex: true },
  )

export default function TrackingPage() {
  const data = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const failure = actionData && 'failure' in actionData ? actionData.failure : undefined
  const acceptance = actionData && 'acceptance' in actionData ? actionData.acceptance : undefined
  const confirming = actionData !== undefined && 'confirmWithdrawal' in actionData
  const { token = '' } = useParams()
  // useLocation, not useSearchParams: the latter brings React Router's search-param helpers into the chunk
  // every page shares (the quote form's JavaScript budget).
  const back = new URLSearchParams(useLocation().search).get(PAYMENT_RETURN.param)
  const contact = useLayoutData()?.contact
  const { page } = data
  if (data.kind === 'down') {
    return (
      <>
        <PageHero eyebrow="Seguimiento" title={page.eyebrow} />
        <section className="section section--tight">
          <div className="container tracking-narrow">
            {failure && failure !== 'acceptance' ? (
              <OfferFailure
                failure={failure}
                texts={data.offerTexts}
                withdrawal={data.withdrawalTexts.caida}
                payment={data.paymentDown}
              />
            ) : null}
            <TrackingUnavailable {...data.unavailable} />
          </div>
        </section>
      </>
    )
  }
  const { tracking } = data
  return (
    <>
      <PageHero
        eyebrow={page.eyebrow}
        title={`Solicitud ${tracking.referencia}`}
        lead={`${tracking.tipo} · ${tracking.modelo}`}
      />
      <section className="section section--tight">
        <div className="container tracking-layout">
          <div className="tracking-layout__main">
            {failure && failure !== 'acceptance' ? (
              <OfferFailure
                failure={failure}
                texts={data.offerTexts}
                withdrawal={data.withdrawalTexts.caida}
                payment={data.paymentTexts.caida}
              />
            ) : null}
            {tracking.withdrawal && confirming ? (
              <WithdrawalPanel
                until={tracking.withdrawal.until}
                receipt={tracking.withdrawal.receipt}
                reference={tracking.referencia}
                device={`${tracking.tipo} · ${tracking.modelo}`}
                confirming
                backHref={trackingPath(token)}
                texts={data.withdrawalTexts}
              />
            ) : null}
            <TrackingStatus
              state={tracking.state}
              date={tracking.state.fecha}
              isoDate={tracking.state.fechaIso}
              shipment={tracking.shipment}
            />
            {/* What he owes is his next step: above the written quote he already accepted. */}
            {tracking.payment &&
            (tracking.payment.status !== 'none' || tracking.payment.paid.length || tracking.payment.refunds.length) ? (
              <PaymentPanel
                payment={tracking.payment}
                back={back === PAYMENT_RETURN.paid ? 'ok' : back === PAYMENT_RETURN.cancelled ? 'cancelado' : null}
                texts={data.paymentTexts}
              />
            ) : null}
            {tracking.offer ? (
              <OfferPanel
                offer={tracking.offer}
                reasons={tracking.reasons}
                texts={data.offerTexts}
                acceptance={acceptance}
              />
            ) : null}
            {tracking.withdrawal && !confirming ? (
              <WithdrawalPanel
                until={tracking.withdrawal.until}
                receipt={tracking.withdrawal.receipt}
                reference={tracking.referencia}
                device={`${tracking.tipo} · ${tracking.modelo}`}
                confirming={false}
                backHref={trackingPath(token)}
                texts={data.withdrawalTexts}
              />
            ) : null}
            <section className="panel" aria-labelledby="historial">
              <h2 id="historial" className="panel__title">
                Historial
              </h2>
              <TrackingTimeline history={tracking.history} next={tracking.next} />
            </section>
            {tracking.mailIn ? <MailInSummary {...tracking.mailIn} /> : null}
          </div>
          <TrackingHelp
            title="¿Tienes dudas?"
            whatsapp={tracking.whatsapp}
            contact={contact}
            note={page.privado}
            mailIn={tracking.mailIn ? undefined : data.mailIn}
          >
            Escríbenos o llámanos con tu referencia,{' '}
            <strong className="tracking-reference">{tracking.referencia}</strong>, y te contamos cómo va.
          </TrackingHelp>
        </div>
      </section>
    </>
  )
}
