// The inbox target: one inbox under many spellings and reused form tokens, to the quote, the lost link and
// the function; what the shop e-mailed that inbox is counted against its caps at the end.
import { CONFIRMATIONS_PER_DAY, LINKS_PER_DAY } from '~shared/customer-emails'
import { FUNCTION_PATHS } from '~shared/function-paths'
import { VISITOR_HEADER } from '~shared/visitor'

import { MAILBOX_PATH } from '../../../functions/enviar-telegram/email/mailer'
import { inboxOf } from '../../../functions/enviar-telegram/platform/mail-address'

import { KEY, int, pick, chance, randomIp } from './random'
import { NASTY } from './values'
import { send, type FuzzTarget } from './record'

/** Spellings of one Gmail inbox, every one of which the caps count as victima@gmail.com (docs/decisions/125). */
export const ONE_INBOX = [
  'victima@gmail.com',
  'Victima@Gmail.com',
  'victima+1@gmail.com',
  'victima+oferta@gmail.com',
  'v.ictima@gmail.com',
  'V.I.C.T.I.M.A@googlemail.com',
  'vic.tima+x@googlemail.com',
  'VICTIMA@GMAIL.COM',
]
/** The confirmations and lost-link e-mails that inbox may get in this run (well under 24 hours). */
export const ONE_INBOX_CAPS = { confirmations: CONFIRMATIONS_PER_DAY, links: LINKS_PER_DAY }
/** Form tokens fetched from the quote page, each reused by many posts (one token stores one quote). */
const formTokens: string[] = []

export async function formToken(base: string): Promise<string> {
  if (formTokens.length < 6 && chance(0.2)) {
    const page = await (await fetch(`${base}/presupuesto`)).text()
    const token = /name="token" value="([^"]+)"/.exec(page)?.[1]
    if (token) formTokens.push(token)
  }
  return formTokens.length ? pick(formTokens) : pick(['', 'x'.repeat(40)])
}

/**
 * One inbox's spellings and reused tokens: quotes to /presupuesto and the function with the victim's addresses,
 * reused form tokens (the site's, and the function's `formulario` ids), and the lost-link form and endpoint with
 * every spelling. Whatever is sent, that inbox gets no more than its caps (counted in the local mailbox at the end).
 */
export async function inboxRequest(base: string, functionOrigin: string, quoteUrl: string): Promise<void> {
  const email = pick(ONE_INBOX)
  const headers: Record<string, string> = { 'CF-Connecting-IP': randomIp() }
  const where = pick(['site-quote', 'site-quote', 'function-quote', 'site-links', 'function-links'])
  if (where === 'site-quote') {
    const fields: Array<[string, string]> = [
      ['tipo', 'mando'],
      [
        'modelo',
        pick(['PlayStation 5 DualSense', 'DualSense. AVISO: cargo de 349 € no autorizado; llame al 910 000 000']),
      ],
      ['email', email],
      ['telefono', '612345678'],
      ['comentarios', chance(0.5) ? '' : pick(NASTY)],
      ['website', ''],
      ['token', await formToken(base)],
    ]
    headers.Origin = base
    headers['Content-Type'] = 'application/x-www-form-urlencoded'
    return send('inbox', 'POST /presupuesto (one inbox, reused token)', `${base}/presupuesto`, {
      method: 'POST',
      headers,
      body: new URLSearchParams(fields).toString(),
    })
  }
  if (where === 'site-links') {
    headers.Origin = base
    headers['Content-Type'] = 'application/x-www-form-urlencoded'
    return send('inbox', 'POST /seguimiento (enlaces, one inbox)', `${base}/seguimiento`, {
      method: 'POST',
      headers,
      body: new URLSearchParams({ email }).toString(),
    })
  }
  headers.apikey = KEY
  headers['Content-Type'] = 'application/json'
  // Its own visitor each time (this machine's function believes the header): only the inbox caps hold.
  headers[VISITOR_HEADER] = randomIp()
  if (where === 'function-links')
    return send('inbox', 'POST function enlaces (one inbox)', `${functionOrigin}${FUNCTION_PATHS.trackingLinks}`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ email }),
    })
  return send('inbox', 'POST function quote (one inbox, reused formulario)', quoteUrl, {
    method: 'POST',
    headers: { ...headers, 'Idempotency-Key': `presupuesto-fuzz-${int(1e9)}` },
    body: JSON.stringify({
      tipo: 'consola',
      modelo: 'PlayStation 5',
      email,
      telefono: '612345678',
      comentarios: '',
      honeypot: '',
      formulario: pick([
        'FormularioReutilizado_000001',
        'FormularioReutilizado_000002',
        `Formulario_${int(1e9)}_abcdef`,
      ]),
    }),
  })
}

/** What the run made the shop send to that inbox, read from the function's local mailbox. */
export async function sentToOneInbox(functionOrigin: string): Promise<{ confirmations: number; links: number }> {
  const mailbox = (await (await fetch(`${functionOrigin}${MAILBOX_PATH}`)).json()) as Array<{
    to: string
    subject: string
  }>
  const theirs = mailbox.filter((email) => inboxOf(email.to) === inboxOf(ONE_INBOX[0]!))
  return {
    confirmations: theirs.filter((email) => email.subject.includes('Hemos recibido tu solicitud')).length,
    links: theirs.filter((email) => email.subject.includes('Tus enlaces de seguimiento')).length,
  }
}

/** One inbox: 600 requests unless FUZZ_INBOX says otherwise. */
export const inboxTarget = {
  name: 'inbox',
  title: 'one inbox: its spellings and reused form tokens, to the quote, the lost link and the function',
  setting: 'FUZZ_INBOX',
  requests: 600,
  echoes: true,
  send: (at) => inboxRequest(at.site, at.functionOrigin, at.quote),
} as const satisfies FuzzTarget
