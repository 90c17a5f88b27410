/**
 * How the function's e-mails leave (docs/decisions/103), set by
 * EMAIL_DELIVERY: in production through the EMAIL binding (Cloudflare Email
 * Service); on this machine into the function's own mailbox in D1, so nothing
 * leaves it and a developer reads every e-mail at GET /__correo (the way of
 * letter_opener and Mailpit). The mailbox answers on localhost only: under any
 * other host its paths are 404, whatever the settings.
 */
import { SHOP_NAME } from '~shared/shop'
import { isLocalRequest } from '~shared/settings'

import type { EmailAttachmentFile } from './layout'
import type { FunctionSettings } from '../platform/settings'

/** One e-mail as it is sent: the sender, the one recipient, and the parts. */
export interface OutgoingEmail {
  from: string
  to: string
  replyTo?: string
  subject: string
  text: string
  html?: string
  attachments?: readonly EmailAttachmentFile[]
}

/** Sends one e-mail; rejects with the service's error (its `code` says why). */
export type Mailer = (email: OutgoingEmail) => Promise<void>

/** Through the EMAIL binding, under the shop's name. */
export const bindingMailer =
  (binding: SendEmail): Mailer =>
  async ({ from, to, replyTo, subject, text, html, attachments }) => {
    await binding.send({
      from: { email: from, name: SHOP_NAME },
      to,
      ...(replyTo ? { replyTo } : {}),
      subject,
      text,
      ...(html ? { html } : {}),
      ...(attachments?.length
        ? {
            attachments: attachments.map((file) => ({
              disposition: 'attachment' as const,
              filename: file.filename,
              type: file.type,
              // A string here is read as base64: the text goes as its UTF-8 bytes.
              content: new TextEncoder().encode(file.content).buffer as ArrayBuffer,
            })),
          }
        : {}),
    })
  }

/** The mailbox holds this many e-mails; older ones go as new ones come. */
const MAILBOX_SIZE = 1000

/** Into this machine's mailbox (migrations/0007): kept as sent, for GET /__correo. */
export const localMailbox =
  (db: D1Database): Mailer =>
  async ({ from, to, subject, text, html, attachments }) => {
    await db.batch([
      db
        .prepare(
          'INSERT INTO local_mailbox (sender, recipient, subject, text, html, at, attachments) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)',
        )
        .bind(from, to, subject, text, html ?? '', Date.now(), JSON.stringify(attachments ?? [])),
      db.prepare(`DELETE FROM local_mailbox WHERE id <= (SELECT MAX(id) FROM local_mailbox) - ${MAILBOX_SIZE}`),
    ])
  }

/** The way e-mails leave under these settings; null when the binding they need is missing. */
export function mailerFor(env: FunctionEnv, settings: Pick<FunctionSettings, 'EMAIL_DELIVERY'>): Mailer | null {
  if (settings.EMAIL_DELIVERY === 'local') return localMailbox(env.DB)
  return env.EMAIL ? bindingMailer(env.EMAIL) : null
}

/** Where the mailbox answers. */
export const MAILBOX_PATH = '/__correo'

interface MailboxRow {
  id: number
  sender: string
  recipient: string
  subject: string
  text: string
  html: string
  /** JSON: the files it carried ({filename, type, content}). */
  attachments: string
  at: number
}

const attachmentsOf = (row: MailboxRow) => JSON.parse(row.attachments || '[]') as EmailAttachmentFile[]

const notFound = () =>
  new Response(JSON.stringify({ success: false, error: 'No encontrado' }), {
    status: 404,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' },
  })

/**
 * GET /__correo: every e-mail in the mailbox, newest first, as JSON
 * ({id, to, from, subject, text, html, at, adjuntos, enlace}); GET /__correo/<id>: one
 * e-mail as the customer sees it (its HTML part); /__correo/<id>/texto: its
 * plain-text part; /__correo/<id>/adjunto/<n>: its n-th attachment, as a download. Off localhost, 404.
 */
export async function handleMailbox(request: Request, env: FunctionEnv): Promise<Response> {
  if (!isLocalRequest(request)) return notFound()
  if (request.method !== 'GET' && request.method !== 'HEAD')
    return new Response(null, { status: 405, headers: { Allow: 'GET, HEAD' } })
  const url = new URL(request.url)
  const headers = { 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex' }
  if (url.pathname === MAILBOX_PATH) {
    const { results } = await env.DB.prepare('SELECT * FROM local_mailbox ORDER BY id DESC').all<MailboxRow>()
    const list = results.map((row) => ({
      id: row.id,
      to: row.recipient,
      from: row.sender,
      subject: row.subject,
      text: row.text,
      html: row.html,
      at: new Date(row.at).toISOString(),
      adjuntos: attachmentsOf(row).map((file, index) => ({
        nombre: file.filename,
        tipo: file.type,
        enlace: `${url.origin}${MAILBOX_PATH}/${row.id}/adjunto/${index}`,
      })),
      enlace: `${url.origin}${MAILBOX_PATH}/${row.id}`,
    }))
    return new Response(JSON.stringify(list, null, 2), {
      headers: { ...headers, 'Content-Type': 'application/json; charset=utf-8' },
    })
  }
  const match = /^\/__correo\/(\d{1,12})(?:(\/texto)|\/adjunto\/(\d{1,3}))?$/.exec(url.pathname)
  const row =
    match &&
    (await env.DB.prepare('SELECT * FROM local_mailbox WHERE id = ?1').bind(Number(match[1])).first<MailboxRow>())
  if (!match || !row) return notFound()
  if (match[3] !== undefined) {
    const file = attachmentsOf(row)[Number(match[3])]
    if (!file) return notFound()
    return new Response(file.content, {
      headers: {
        ...headers,
        'Content-Type': `${file.type}; charset=utf-8`,
        'Content-Disposition': `attachment; filename="${file.filename.replace(/[^\w.-]/g, '_')}"`,
        'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      },
    })
  }
  if (match[2] || !row.html)
    return new Response(`De: ${row.sender}\nPara: ${row.recipient}\nAsunto: ${row.subject}\n\n${row.text}`, {
      headers: { ...headers, 'Content-Type': 'text/plain; charset=utf-8' },
    })
  // As a mail app shows it: no script runs, nothing is fetched.
  return new Response(row.html, {
    headers: {
      ...headers,
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy':
        "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox allow-popups allow-popups-to-escape-sandbox",
    },
  })
}
