/**
 * The mail service's refusals told apart (docs/decisions/129), from the `code` the EMAIL binding's error
 * carries (Cloudflare Email Service's Workers API error codes) or the words of this machine's binding:
 *   - recipient: the customer's address is refused for good (malformed, suppressed, not allowed): never
 *     retried; his quote's line in the chat says so;
 *   - configuration: the sending domain is not onboarded, or the sender is not allowed: nothing will go
 *     until the operator acts; told once per incident to the chat, retried hourly;
 *   - quota: the account's daily quota (hourly, like a configuration problem) or its rate (the next sweep);
 *   - temporary: anything else (the service down, no code at all): retried with the usual backoff.
 * What is kept and logged is the class and a bounded, address-free description: the code and fixed words,
 * never the service's own message, which may carry the recipient's address.
 */
import { type MailKind, openIncident } from '../health/incidents'

export type MailErrorKind = 'recipient' | 'configuration' | 'quota' | 'temporary'

export interface MailError {
  kind: MailErrorKind
  /** Which configuration or quota problem: the incident it opens. */
  problem?: 'domain' | 'sender' | 'daily' | 'rate'
  /** The service's code, when it gave one of the documented shape. */
  code: string | null
  /** For the row, the log and the owner: the code and what it means, in Spanish; never an address. */
  text: string
}

/** The documented codes, by class, with the owner's words. */
const CODES: Record<string, Omit<MailError, 'code' | 'text'> & { words: string }> = {
  E_VALIDATION_ERROR: { kind: 'recipient', words: 'dirección o mensaje no válidos' },
  E_FIELD_MISSING: { kind: 'recipient', words: 'falta un campo del mensaje' },
  E_TOO_MANY_RECIPIENTS: { kind: 'recipient', words: 'demasiados destinatarios' },
  E_RECIPIENT_NOT_ALLOWED: { kind: 'recipient', words: 'destinatario no permitido por el binding' },
  E_RECIPIENT_SUPPRESSED: { kind: 'recipient', words: 'la dirección rebotó o marcó el correo como spam' },
  E_CONTENT_TOO_LARGE: { kind: 'recipient', words: 'mensaje demasiado grande' },
  E_HEADER_NOT_ALLOWED: { kind: 'recipient', words: 'cabecera no permitida' },
  E_HEADER_USE_API_FIELD: { kind: 'recipient', words: 'cabecera no permitida' },
  E_HEADER_VALUE_INVALID: { kind: 'recipient', words: 'cabecera no válida' },
  E_HEADER_VALUE_TOO_LONG: { kind: 'recipient', words: 'cabecera demasiado larga' },
  E_HEADER_NAME_INVALID: { kind: 'recipient', words: 'cabecera no válida' },
  E_HEADERS_TOO_LARGE: { kind: 'recipient', words: 'cabeceras demasiado grandes' },
  E_HEADERS_TOO_MANY: { kind: 'recipient', words: 'demasiadas cabeceras' },
  E_SENDER_DOMAIN_NOT_AVAILABLE: {
    kind: 'configuration',
    problem: 'domain',
    words: 'el dominio del remitente no está dado de alta en Email Sending',
  },
  E_SENDER_NOT_VERIFIED: {
    kind: 'configuration',
    problem: 'sender',
    words: 'el remitente no está verificado ni permitido',
  },
  E_DAILY_LIMIT_EXCEEDED: { kind: 'quota', problem: 'daily', words: 'cupo diario de envíos alcanzado' },
  E_RATE_LIMIT_EXCEEDED: { kind: 'quota', problem: 'rate', words: 'demasiados envíos seguidos' },
  E_DELIVERY_FAILED: { kind: 'temporary', words: 'el servidor del destinatario no lo aceptó ahora' },
  E_INTERNAL_SERVER_ERROR: { kind: 'temporary', words: 'el servicio de correo falló' },
}

/** The local binding's words (miniflare) for a recipient or sender its allow-lists refuse. */
const LOCAL_RECIPIENT = /^email to \S+ not allowed$/
const LOCAL_SENDER = /^email from \S+ not allowed$/

/** Reads a failed send. */
export function classifyMailError(error: unknown): MailError {
  const raw = (error as { code?: unknown } | null)?.code
  const code = typeof raw === 'string' && /^E_[A-Z_]{2,40}$/.test(raw) ? raw : null
  const known = code ? CODES[code] : undefined
  if (known) {
    const { words, ...rest } = known
    return { ...rest, code, text: `${code}: ${words}` }
  }
  const message = error instanceof Error ? error.message : String(error)
  if (LOCAL_RECIPIENT.test(message))
    return { kind: 'recipient', code, text: `${code ?? 'binding'}: destinatario no permitido por el binding` }
  if (LOCAL_SENDER.test(message))
    return { kind: 'configuration', problem: 'sender', code, text: `${code ?? 'binding'}: remitente no permitido` }
  const name = error instanceof Error ? error.name.replace(/[^\w]/g, '').slice(0, 40) : 'Error'
  return { kind: 'temporary', code, text: `${code ?? name}: fallo del servicio de correo, se reintenta` }
}

/** While the mail service's configuration or quota refuses everything, one try an hour. */
export const MAIL_PROBE_MS = 60 * 60 * 1000

/** The incident a refusal opens: the configuration's or the daily quota's; none for the rest. */
export function incidentOf(error: MailError): MailKind | null {
  if (error.problem === 'domain') return 'mail-domain'
  if (error.problem === 'sender') return 'mail-sender'
  if (error.problem === 'daily') return 'mail-quota'
  return null
}

/**
 * A refusal that stops every e-mail (the configuration, the daily quota): its incident is opened (or its
 * next probe set), told to the chat once by the sweep; true when it is such a refusal.
 */
export async function noteMailRefusal(db: D1Database, error: MailError, now: number): Promise<boolean> {
  const kind = incidentOf(error)
  if (!kind) return false
  await openIncident(db, kind, error.text, now, { retryAt: now + MAIL_PROBE_MS })
  return true
}
