/**
 * The shop's price for a quote (an offer), as both Workers name it: how an
 * amount is read from the owner's reply and written for everybody (the bot,
 * the WhatsApp text, the tracking page), the note's limits, and the
 * customer's decision with its fixed reasons (docs/decisions/086).
 */

/** 0,01 € to 9.999,99 €, in cents. */
export const OFFER_LIMITS = { minCents: 1, maxCents: 999_999, noteChars: 500 } as const

/** How long a price stays open when QUOTE_OFFER_DAYS is not set. */
export const DEFAULT_OFFER_DAYS = 30

/**
 * Reads an amount in euros the Spanish way or the programmer's way: `25`,
 * `25,5`, `25,50`, `25.50`, `1.234,50`, `1234.5`, with an optional `€` or
 * `EUR`. Returns cents within OFFER_LIMITS, or null for anything else
 * (three decimals, a sign, letters, a thousands dot in the wrong place).
 */
export function parseAmount(typed: string): number | null {
  const text = typed
    .trim()
    .replace(/\s*(?:€|eur(?:os?)?)$/i, '')
    .trim()
  let euros: string
  let decimals = ''
  let match: RegExpExecArray | null
  if ((match = /^(\d{1,4})(?:[.,](\d{1,2}))?$/.exec(text))) [, euros = '', decimals = ''] = match
  else if ((match = /^(\d{1,3})\.(\d{3})(?:,(\d{1,2}))?$/.exec(text)))
    [euros, decimals] = [`${match[1]}${match[2]}`, match[3] ?? '']
  else return null
  const cents = Number(euros) * 100 + Number(decimals.padEnd(2, '0') || '0')
  return cents >= OFFER_LIMITS.minCents && cents <= OFFER_LIMITS.maxCents ? cents : null
}

/** Cents as Spain writes euros, without the sign: 2550 -> "25,50", 123450 -> "1.234,50". */
export function formatAmount(cents: number): string {
  const euros = Math.floor(cents / 100)
  const rest = String(cents % 100).padStart(2, '0')
  return `${String(euros).replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${rest}`
}

/** The amount with its sign: "25,50 €". */
export const formatEuros = (cents: number) => `${formatAmount(cents)} €`

/** Why a customer says no: a fixed choice, so no personal data lands there. */
export const DECLINE_REASONS = {
  caro: 'Es caro',
  'otra-forma': 'Lo arreglaré de otra forma',
  'no-lo-necesito': 'Ya no lo necesito',
  otro: 'Otro motivo',
} as const
export type DeclineReason = keyof typeof DECLINE_REASONS
export const DECLINE_REASON_KEYS = Object.keys(DECLINE_REASONS) as DeclineReason[]

/** The customer's answer to an offer, as the tracking page's forms post it. */
export const OFFER_DECISIONS = { accept: 'aceptar', decline: 'rechazar' } as const

/**
 * Where an offer stands for the customer: open (he may decide), accepted,
 * declined, expired (past its days, undecided), or withdrawn (the repair
 * went on without an online answer, e.g. accepted by phone).
 */
export const OFFER_STATUSES = ['open', 'accepted', 'declined', 'expired', 'withdrawn'] as const
export type OfferStatus = (typeof OFFER_STATUSES)[number]
