import type { SubmissionResult } from '@conform-to/react'
import {
  json,
  redirect,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/cloudflare'
import { useActionData, useLoaderData } from '@remix-run/react'
import { lazy, Suspense } from 'react'

import { catalogo } from '~/catalogo/consultas'
import { Icon } from '~/components/icon'
import { NEW_TAB_HINT_ID } from '~/components/new-tab-hint'
import { PageHero } from '~/components/page-hero'
import { PrivacyNotice } from '~/components/privacy-notice'
import { Toast, type ToastData } from '~/components/toast'
import { getSettings } from '~/lib/env.server'
import { readFlash, setFlash } from '~/lib/flash.server'
import { checkFormStart, isOwnToken, signFormStart, suspicion } from '~/lib/form-token.server'
import { pageMeta } from '~/lib/meta'
import { prefillFromQuery } from '~/lib/presupuesto-opciones'
import { idempotencyKey, parseQuoteSubmission, readQuoteForm, sendQuote } from '~/lib/quote.server'
import { enlaceWhatsApp, mensajesWhatsApp, telefonoLegible } from '~/lib/whatsapp'

/**
 * The form's code (conform and the zod/mini schema, ~23 KB gzip) is its own
 * chunk: the server renders the form in full, the browser keeps that HTML
 * (it works as a plain form) and hydrates it once the chunk arrives. The page's
 * first load stays within the 100 KB budget (docs/decisions/005).
 */
const QuoteForm = lazy(() => import('~/components/quote-form').then((module) => ({ default: module.QuoteForm })))

const TOAST_EXITO = { tipo: 'exito', titulo: '¡Solicitud enviada!', texto: 'Nos pondremos en contacto contigo lo antes posible.' } as const
const TOAST_ERROR = { tipo: 'error', titulo: 'Error', texto: 'No se pudo enviar la solicitud. Por favor, inténtalo de nuevo.' } as const
const TOAST_GRANDE = {
  tipo: 'error',
  titulo: 'Solicitud demasiado larga',
  texto: 'Tu solicitud no se ha enviado porque es demasiado larga. Acorta los comentarios y vuelve a enviarla.',
} as const
const TOAST_LIMITE = {
  tipo: 'error',
  titulo: 'Demasiadas solicitudes',
  texto: 'Has enviado varias solicitudes seguidas. Espera un minuto y vuelve a intentarlo, o escríbenos por WhatsApp.',
} as const

export async function loader({ request, context }: LoaderFunctionArgs) {
  const settings = getSettings(request, context.cloudflare.env)
  const { tienda } = catalogo
  const { flash, clear } = readFlash(request)
  const toast: ToastData | null = flash
    ? { id: crypto.randomUUID(), ...TOAST_EXITO, ...(flash.referencia ? { detalle: `Referencia de tu solicitud: ${flash.referencia}` } : {}) }
    : null
  return json(
    {
      toast,
      inicio: await signFormStart(settings.FORM_SECRET),
      prefill: prefillFromQuery(new URL(request.url).searchParams),
      telefono: settings.SHOP_PHONE,
      telefonoLegible: telefonoLegible(settings.SHOP_PHONE),
      email: settings.SHOP_EMAIL,
      nombre: tienda.nombre,
      conservacionDias: settings.QUOTE_RETENTION_DAYS,
      horario: tienda.horarioWhatsApp,
      respuesta: tienda.reclamos.respuesta,
      whatsapp: enlaceWhatsApp(settings.SHOP_PHONE, mensajesWhatsApp.presupuesto),
      motivos: [
        { icono: 'check', titulo: 'Presupuesto sin compromiso', texto: 'Te decimos qué le pasa y cuánto cuesta antes de reparar.' },
        { icono: 'escudo', titulo: 'Garantía en todas las reparaciones', texto: 'Cada reparación sale del taller probada y con garantía.' },
        { icono: 'rayo', titulo: 'Servicio rápido 24-48 h', texto: 'La mayoría de reparaciones están listas en 24-48 horas.' },
        { icono: 'camion', titulo: 'Recogida y envío a toda España', texto: 'Tráelo a Lakua, Vitoria-Gasteiz, o envíalo desde donde estés.' },
      ] as const,
    },
    { headers: clear ? { 'Set-Cookie': clear } : {} },
  )
}

type ActionData = { result: SubmissionResult<string[]>; toast: ToastData | null; inicio: string }

/**
 * A quote post, in this order: read only the form's own fields, bounded (413
 * past the cap); validate (400 with the messages, however fast or with
 * whatever token it came); a filled honeypot sees success and nothing is
 * forwarded; the rate limits answer 429 with a reason; everything else is
 * forwarded, with a note for the owner when it looks automated. No valid post
 * is ever dropped by a bot check (docs/decisions/006-bot-signals-mark-never-drop.md).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const settings = getSettings(request, context.cloudflare.env)
  const form = await readQuoteForm(request)
  const start = await checkFormStart(form.fields.inicio, settings.FORM_SECRET, { minMs: settings.FORM_MIN_SECONDS * 1000 })
  // The same render keeps its token across corrections, so a fix sent a second later is not "too fast".
  const inicio = isOwnToken(start) && form.fields.inicio ? form.fields.inicio : await signFormStart(settings.FORM_SECRET)
  const submission = parseQuoteSubmission(form.fields)
  const answer = (status: number, toast: ToastData | null) =>
    json<ActionData>({ result: submission.reply(), toast, inicio }, { status })

  if (!form.complete) return answer(413, { id: crypto.randomUUID(), ...TOAST_GRANDE })
  if (submission.status !== 'success') return answer(400, null)
  const { website, ...quote } = submission.value
  const sent = (referencia: string | null) =>
    redirect('/presupuesto', { status: 303, headers: { 'Set-Cookie': setFlash(request, { tipo: 'presupuesto-enviado', referencia }) } })
  if (website) return sent(null)
  if (!(await withinLimits(request, context.cloudflare.env))) return answer(429, { id: crypto.randomUUID(), ...TOAST_LIMITE })
  const result = await sendQuote(
    settings,
    { ...quote, sospecha: suspicion(start) },
    { idempotencyKey: await idempotencyKey(form.fields.inicio, quote) },
  )
  if (result.ok) return sent(result.referencia)
  return answer(502, { id: crypto.randomUUID(), ...TOAST_ERROR })
}

/** Rate limits of quote posts: per client IP and overall (wrangler.toml [[ratelimits]]). */
async function withinLimits(request: Request, env: Env): Promise<boolean> {
  const ip = request.headers.get('CF-Connecting-IP') ?? 'desconocida'
  const [perIp, overall] = await Promise.all([
    env.LIMITE_PRESUPUESTO_IP?.limit({ key: ip }),
    env.LIMITE_PRESUPUESTO_TOTAL?.limit({ key: 'presupuestos' }),
  ])
  return perIp?.success !== false && overall?.success !== false
}

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

export default function Presupuesto() {
  const data = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>() as ActionData | undefined
  const toast = actionData?.toast ?? data.toast
  return (
    <>
      {toast ? <Toast key={toast.id} toast={toast} /> : null}
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
            <Suspense fallback={null}>
              <QuoteForm
                key={data.toast?.id ?? 'presupuesto'}
                lastResult={actionData?.result}
                prefill={data.prefill}
                inicio={actionData?.inicio ?? data.inicio}
              />
            </Suspense>
            <PrivacyNotice nombre={data.nombre} email={data.email} conservacionDias={data.conservacionDias} />
          </section>
          <div className="quote-layout__aside">
            <section className="panel" aria-labelledby="contacto-directo">
              <h2 id="contacto-directo" className="panel__title">
                Contacto Directo
              </h2>
              <p>La forma más rápida: escríbenos por WhatsApp con el modelo y la avería.</p>
              <a className="button button--whatsapp button--large button--block" href={data.whatsapp} target="_blank" rel="noopener noreferrer" aria-describedby={NEW_TAB_HINT_ID}>
                <Icon name="whatsapp" size={22} />
                Pedir presupuesto por WhatsApp
              </a>
              <ul className="contact-list">
                <li>
                  <Icon name="telefono" size={20} />
                  <a href={`tel:+34${data.telefono}`}>{data.telefonoLegible}</a>
                </li>
                <li>
                  <Icon name="correo" size={20} />
                  <a href={`mailto:${data.email}`}>{data.email}</a>
                </li>
                <li>
                  <Icon name="reloj" size={20} />
                  <span>
                    WhatsApp: {data.horario}. {data.respuesta}.
                  </span>
                </li>
              </ul>
            </section>
          </div>
          <section className="panel panel--alt quote-layout__reasons" aria-labelledby="por-que">
            <h2 id="por-que" className="panel__title">
              ¿Por qué elegirnos?
            </h2>
            <ul className="reasons">
              {data.motivos.map((motivo) => (
                <li key={motivo.titulo}>
                  <span className="icon-tile">
                    <Icon name={motivo.icono} size={22} />
                  </span>
                  <div>
                    <h3 className="reasons__title">{motivo.titulo}</h3>
                    <p>{motivo.texto}</p>
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
