/**
 * The owner's buttons as a protocol (docs/decisions/140): the callback_data each button carries, written by
 * its encoder where a keyboard is built (chat/quote-message.ts, inbox/payments.ts, inbox/contract.ts) and read
 * back by its decoder where the tap is handled (inbox/). One definition per button, so a renamed prefix or a
 * changed field fails to compile on both sides; the fuzz (scripts/fuzz.ts) draws its taps from the same list.
 * The shapes on the wire are `prefix:field:field`, as the chat's messages already carry them: a message sent
 * before a deploy keeps working after it. Telegram takes at most 64 bytes (CALLBACK_DATA_MAX_BYTES).
 */
import { COUNTER_METHODS, type CounterMethod } from '~shared/payment'
import { TRACKING_STATES, type TrackingState } from '~shared/tracking'

/** Telegram's bound on a button's callback_data, in bytes (Bot API, InlineKeyboardButton). */
export const CALLBACK_DATA_MAX_BYTES = 64

/** One field of a button's data: how it is written, and read back (null: not one this button writes). */
export interface Field<T> {
  /** What the fuzz draws for it: a quote's id, an amount in cents, or one of a few words. */
  kind: 'quote' | 'cents' | 'word'
  /** The words a 'word' field takes. */
  words?: readonly string[]
  write(value: T): string
  read(text: string): T | null
}

/** Up to `digits` ASCII digits, as the handlers' patterns always read them (a leading zero too: '01' is 1). */
const digits = (kind: 'quote' | 'cents', most: number): Field<number> => {
  const pattern = new RegExp(`^\\d{1,${most}}$`)
  return { kind, write: (value) => String(value), read: (text) => (pattern.test(text) ? Number(text) : null) }
}

/** One of a fixed list of words. */
const oneOf = <T extends string>(words: readonly T[]): Field<T> => ({
  kind: 'word',
  words,
  write: (value) => value,
  read: (text) => ((words as readonly string[]).includes(text) ? (text as T) : null),
})

/** A quote's id (D1's rowid): at most 12 digits. */
const quoteId = digits('quote', 12)
/** An amount due, in cents: at most 7 digits (99.999,99 €). */
const cents = digits('cents', 7)

/** The steps '➡️ paso' may ask for: never back to 'received', and 'answered' is its own button ('atendida'). */
export type StepTarget = Exclude<TrackingState, 'received' | 'answered'>
const STEP_TARGETS = TRACKING_STATES.filter(
  (state): state is StepTarget => state !== 'received' && state !== 'answered',
)

type Values<F extends readonly Field<unknown>[]> = { [K in keyof F]: F[K] extends Field<infer T> ? T : never }

/** A button as the fuzz and the tests see it: its prefix, its fields, and whether data is its. */
export interface ButtonShape {
  prefix: string
  fields: readonly Field<unknown>[]
  decode(data: string): readonly unknown[] | null
}

/** One button's data: `prefix` and its fields, joined by ':'. */
export interface Button<V extends readonly unknown[]> extends ButtonShape {
  encode(...values: V): string
  /** The values a tap's data carries, or null when it is not this button's (another prefix, junk). */
  decode(data: string): V | null
}

function button<const F extends readonly Field<unknown>[]>(prefix: string, ...fields: F): Button<Values<F>> {
  const all: readonly Field<unknown>[] = fields
  return {
    prefix,
    fields,
    encode: (...values) => [prefix, ...all.map((field, index) => field.write(values[index]))].join(':'),
    decode: (data) => {
      const [head, ...parts] = data.split(':')
      if (head !== prefix || parts.length !== all.length) return null
      const values = all.map((field, index) => field.read(parts[index] ?? ''))
      return values.includes(null) ? null : (values as unknown as Values<F>)
    },
  }
}

/** Every button of the owner's chat, by what it does; the prefixes are the wire's and never change. */
export const BUTTONS = {
  /** '✅ Atendida'. */
  answered: button('atendida', quoteId),
  /** '🚫 Spam'. */
  spam: button('spam', quoteId),
  /** '↩️ Volver a pendiente': from spam, or from 'answered'. */
  pending: button('pendiente', quoteId),
  /** The next step of the repair ('📦 Recibido en el taller' … '🏁 Entregado'). */
  step: button('paso', quoteId, oneOf(STEP_TARGETS)),
  /** '↩️ Volver a …': one step back, from the state named. */
  back: button('atras', quoteId, oneOf(TRACKING_STATES)),
  /** '💶 Enviar presupuesto' / '💶 Presupuesto revisado'. */
  price: button('precio', quoteId),
  /** '📝 Presupuesto completo'. */
  fullQuote: button('completo', quoteId),
  /** '⏳ Esperando al cliente': a revised price waits for his answer. */
  awaiting: button('espera', quoteId),
  /** '🔒 Reparar: …': why the repair may not start yet. */
  heldBack: button('bloqueo', quoteId),
  /** '↩️ Desistimiento recibido', then its confirmation or not. */
  withdrawal: button('desiste', quoteId),
  withdrawalConfirmed: button('desiste-si', quoteId),
  withdrawalCancelled: button('desiste-no', quoteId),
  /** '💶 Cobrado en el taller', then how he paid, for exactly the amount the question named. */
  counter: button('cobrado', quoteId),
  counterMethod: button('cobro', quoteId, oneOf<CounterMethod>(COUNTER_METHODS), cents),
  /** '⏳ Pago en confirmación'. */
  confirming: button('confirmando', quoteId),
  /** '💸 Reembolsar'. */
  refund: button('reembolsar', quoteId),
} as const

/** Every button, for what must know them all (the fuzz, the tests). */
export const ALL_BUTTONS: readonly ButtonShape[] = Object.values(BUTTONS)
