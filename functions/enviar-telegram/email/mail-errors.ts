/**
 * What a mail service's failure means, as a class (docs/decisions/127): the one classification of the
 * function's e-mails (the customer's and the shop's copy), so that what is logged and stored is a class and
 * a code, never the service's own words, which may carry the recipient's address (the local binding's
 * "email to <address> not allowed" does).
 *   refused        this address, for good: never retried; the owner is told to use WhatsApp
 *   quota          the account's sending quota or rate: everything waits, nothing is wrong with this e-mail
 *   configuration  the shop's setup (sender, domain, binding): every e-mail waits until it is fixed
 *   transient      anything else: retried with backoff
 */

export type MailErrorClass = 'refused' | 'quota' | 'configuration' | 'transient'

export interface MailError {
  kind: MailErrorClass
  /** The service's code when it has one of the form E_SOMETHING, else none: never its free text. */
  code: string | null
}

/** The codes of a refusal for good, and the local binding's words for an address it may not write to. */
const REFUSED = /^(E_VALIDATION_ERROR|E_RECIPIENT_\w+|E_TOO_MANY_RECIPIENTS)$/
const REFUSED_WORDS = /email to \S+ not allowed/i
const QUOTA = /LIMIT|QUOTA|RATE/
const CONFIGURATION = /^E_(SENDER|FROM|DOMAIN|UNAUTHORI[SZ]ED|FORBIDDEN|NOT_ENTITLED|ACCOUNT|BINDING)\w*$/
/** A code as the service spells one: upper case, bounded. */
const CODE = /^E_[A-Z0-9_]{1,60}$/

/** The class of a send's failure, from its `code` (or, with none, the local binding's words). */
export function classifyMailError(error: unknown): MailError {
  const raw = typeof (error as { code?: unknown })?.code === 'string' ? (error as { code: string }).code : ''
  const code = CODE.test(raw) ? raw : null
  const words = error instanceof Error ? error.message : String(error)
  if ((code && REFUSED.test(code)) || (!code && REFUSED_WORDS.test(words))) return { kind: 'refused', code }
  if (code && QUOTA.test(code)) return { kind: 'quota', code }
  if (code && CONFIGURATION.test(code)) return { kind: 'configuration', code }
  return { kind: 'transient', code }
}

const CLASS_WORDS: Record<MailErrorClass, string> = {
  refused: 'dirección rechazada',
  quota: 'cuota de envío agotada',
  configuration: 'configuración del correo',
  transient: 'fallo del servicio de correo',
}

/** A failure as the log, the table and the owner read it: its class in words and its code, never its text. */
export const describeMailError = ({ kind, code }: MailError): string =>
  `${CLASS_WORDS[kind]}${code ? ` (${code})` : ''}`
