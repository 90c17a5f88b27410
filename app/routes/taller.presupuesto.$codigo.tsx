import {
  json,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/cloudflare'
import { useActionData, useLoaderData, useLocation } from '@remix-run/react'

import { catalogo } from '~/catalogo/consultas'
import { OwnerQuoteForm } from '~/components/owner-quote-form'
import { PageHero } from '~/components/page-hero'
import { getSettings } from '~/lib/env.server'
import { functionAccess } from '~/lib/quote-function.server'
import { readFlash, setFlash } from '~/lib/flash.server'
import type { PageHandle } from '~/lib/hydration'
import { pageMetaOr404 } from '~/lib/meta'
import { crossSiteWithoutHolder, holderCookie, newHolder, readHolder } from '~/lib/owner/holder.server'
import {
  fetchOwnerQuote,
  parseOwnerForm,
  readOwnerForm,
  saveOwnerQuote,
  type CodeRefusal,
} from '~/lib/owner/quote.server'
import { longDayTime } from '~shared/dates'
import { formatAmount, formatEuros } from '~shared/offer'
import { OWNER_FORM_PREFIX } from '~shared/written-quote'

/** The owner's form is an application: React runs it in the browser (docs/decisions/096). */
export const handle = { hydrate: true } satisfies PageHandle

/** A code as the bot writes it; anything else is refused before the function is asked. */
const CODE = /^[A-Za-z0-9_-]{16,200}\.[A-Za-z0-9_-]{43}$/

/** The status of each refusal of a link. */
const REFUSAL_STATUS: Record<CodeRefusal, number> = {
  invalid: 404,
  expired: 410,
  spent: 410,
  'not-allowed': 403,
  'not-priceable': 409,
  elsewhere: 403,
}

/**
 * The owner's full-quote form (docs/decisions/105): the quote and its
 * defaults, for the code of the link the bot gave; once saved, the page says
 * so (Post/Redirect/Get, a one-shot cookie). A link that cannot be used says
 * why, with its status; the function down, a page that says so (503). The
 * page is private (server.ts: no-store, no-referrer, noindex; no analytics).
 * The link belongs to the browser that opened it first (docs/decisions/127):
 * its cookie's nonce goes with every call, a first open draws it and, once
 * the function bound the code to it, sets the cookie; any other browser is
 * refused (403). A link tapped on another site, whose navigation carries no
 * SameSite=Strict cookie, first opens itself again from here.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const access = functionAccess(request, context.cloudflare.env, getSettings(request, context.cloudflare.env))
  const texts = catalogo.textosTaller
  const { flash, clear } = readFlash(request)
  const headers: HeadersInit = clear ? { 'Set-Cookie': clear } : {}
  if (flash?.tipo === 'presupuesto-guardado')
    return json({ kind: 'saved' as const, texts, referencia: flash.referencia }, { headers })
  const code = params.codigo ?? ''
  if (!CODE.test(code))
    return json({ kind: 'refused' as const, texts, why: 'invalid' as CodeRefusal }, { status: 404, headers })
  const path = `${OWNER_FORM_PREFIX}${code}`
  if (crossSiteWithoutHolder(request)) return json({ kind: 'reopen' as const, texts, path }, { headers })
  const held = readHolder(request)
  const browser = held ?? newHolder()
  const found = await fetchOwnerQuote(access, code, browser)
  if (found.kind === 'refused')
    return json({ kind: 'refused' as const, texts, why: found.why }, { status: REFUSAL_STATUS[found.why], headers })
  if (found.kind !== 'found') return json({ kind: 'down' as const, texts }, { status: 503, headers })
  // The code is now this browser's: it keeps the nonce for the link's time, on this path only.
  const answered = new Headers(headers)
  if (!held) answered.append('Set-Cookie', holderCookie(request, path, browser))
  const { presupuesto, caduca } = found.value
  return json(
    {
      kind: 'form' as const,
      texts,
      presupuesto,
      expires: longDayTime(caduca),
      defaults: {
        trabajo: presupuesto.defaults.trabajo,
        piezas: presupuesto.defaults.piezas,
        dias: presupuesto.defaults.dias,
        envio: formatAmount(presupuesto.defaults.envioCents),
      },
      listed: presupuesto.listedCents === null ? null : formatEuros(presupuesto.listedCents),
      previous: presupuesto.previous
        ? { version: presupuesto.previous.version, importe: formatEuros(presupuesto.previous.amountCents) }
        : null,
    },
    { headers: answered },
  )
}

/**
 * A save, in this order: read bounded (413), validated with the shared schema (400 with the messages and the
 * values), posted to the function, which checks the link and validates again (its messages: 400 as well);
 * saved: 303 to the page, which says so once. A link refused meanwhile: the page saying why; the function
 * down: 503 with the values kept.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const access = functionAccess(request, context.cloudflare.env, getSettings(request, context.cloudflare.env))
  const code = params.codigo ?? ''
  const form = await readOwnerForm(request)
  const submission = parseOwnerForm(form.fields)
  if (!form.complete) return json({ result: submission.reply(), failure: 'too-long' as const }, { status: 413 })
  if (submission.status !== 'success' || !CODE.test(code))
    return json({ result: submission.reply(), failure: null }, { status: 400 })
  const fields = Object.fromEntries(
    Object.entries(form.fields).filter((entry): entry is [string, string] => entry[1] !== undefined),
  )
  const saved = await saveOwnerQuote(access, code, readHolder(request), fields)
  if (saved.kind === 'found')
    return redirect(new URL(request.url).pathname, {
      status: 303,
      headers: {
        'Set-Cookie': setFlash(request, {
          tipo: 'presupuesto-guardado',
          referencia: saved.value.referencia,
          seguimiento: null,
        }),
      },
    })
  if (saved.kind === 'invalid-form')
    return json({ result: submission.reply({ fieldErrors: saved.errors }), failure: null }, { status: 400 })
  if (saved.kind === 'refused')
    return json({ result: submission.reply(), failure: saved.why }, { status: REFUSAL_STATUS[saved.why] })
  return json({ result: submission.reply(), failure: 'down' as const }, { status: 503 })
}

export const meta: MetaFunction<typeof loader> = (args) => [
  ...pageMetaOr404(args, (data) => ({ ...data.texts.meta, noindex: true })),
  // Opened from another site: the page opens itself again from here, with this browser's cookie.
  ...(args.data?.kind === 'reopen' ? [{ httpEquiv: 'refresh', content: '0' }] : []),
]

export default function OwnerQuotePage() {
  const data = useLoaderData<typeof loader>()
  const answer = useActionData<typeof action>()
  const { pathname } = useLocation()
  const { texts } = data
  const failure = answer?.failure ?? null
  if (data.kind === 'reopen')
    return (
      <>
        <PageHero eyebrow={texts.eyebrow} title={texts.titulo} />
        <section className="section section--tight">
          <div className="container owner-page">
            <section className="panel owner-page__notice" role="status" aria-labelledby="aviso-taller">
              <h2 id="aviso-taller" className="panel__title">
                {texts.reabrir.titulo}
              </h2>
              <p>
                {texts.reabrir.texto} <a href={data.path}>{texts.reabrir.enlace}</a>
              </p>
            </section>
          </div>
        </section>
      </>
    )
  const notice =
    data.kind === 'saved'
      ? { ...texts.guardado, titulo: `${texts.guardado.titulo}${data.referencia ? `: ${data.referencia}` : ''}` }
      : data.kind === 'refused'
        ? texts.rechazos[data.why]
        : data.kind === 'down' || failure === 'down'
          ? texts.caida
          : failure && failure !== 'too-long'
            ? texts.rechazos[failure]
            : null
  return (
    <>
      <PageHero eyebrow={texts.eyebrow} title={texts.titulo} lead={data.kind === 'form' ? texts.lead : undefined} />
      <section className="section section--tight">
        <div className="container owner-page">
          {notice ? (
            <section
              className={`panel owner-page__notice${data.kind === 'saved' ? ' owner-page__notice--ok' : ''}`}
              role={data.kind === 'saved' ? 'status' : 'alert'}
              aria-labelledby="aviso-taller"
            >
              <h2 id="aviso-taller" className="panel__title">
                {notice.titulo}
              </h2>
              <p>{notice.texto}</p>
            </section>
          ) : null}
          {data.kind === 'form' && !['spent', 'expired', 'not-allowed', 'elsewhere'].includes(failure ?? '') ? (
            <>
              <section className="panel owner-page__request" aria-labelledby="la-solicitud">
                <h2 id="la-solicitud" className="panel__title">
                  {texts.solicitud} {data.presupuesto.referencia}
                </h2>
                <p className="owner-page__device">
                  {data.presupuesto.tipo === 'mando' ? 'Mando' : 'Consola'} · {data.presupuesto.modelo}
                </p>
                {data.presupuesto.comentarios ? (
                  <p className="owner-page__comments">{data.presupuesto.comentarios}</p>
                ) : null}
                <ul className="owner-page__facts">
                  {data.listed && data.presupuesto.servicio ? (
                    <li>
                      {texts.anunciado
                        .replace('{servicio}', data.presupuesto.servicio)
                        .replace('{precio}', data.listed)}
                    </li>
                  ) : null}
                  {data.previous ? (
                    <li>
                      {texts.anterior
                        .replace('{version}', String(data.previous.version))
                        .replace('{importe}', data.previous.importe)}
                    </li>
                  ) : null}
                  {data.presupuesto.revised ? <li>{texts.revisado}</li> : null}
                  <li>{texts.validez.replace('{dias}', String(data.presupuesto.offerDays))}</li>
                  <li>{texts.caduca.replace('{cuando}', data.expires)}</li>
                </ul>
              </section>
              <section className="panel" aria-labelledby="el-presupuesto">
                <h2 id="el-presupuesto" className="panel__title">
                  {texts.titulo}
                </h2>
                <OwnerQuoteForm
                  action={pathname}
                  result={answer?.result}
                  defaults={data.defaults}
                  parts={data.presupuesto.parts}
                  listed={data.listed !== null}
                  texts={texts}
                />
              </section>
            </>
          ) : null}
        </div>
      </section>
    </>
  )
}
