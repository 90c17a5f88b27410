// zod/mini, as the quote's schema: each Worker bundles only the checks it uses.
import * as z from 'zod/mini'

import { formatEuros, parseAmount } from './offer'
import { CONTROL_BUT_LINE_BREAK } from './quote'

/**
 * The written quote (docs/decisions/105, 106): what a price carries besides
 * its amount, as RD 58/1988 art. 3 and TRLGDCU arts. 60 and 97 ask: the work
 * to be done, the parts (always new; original or compatible), the split
 * between parts and labour when there are parts, the expected repair time in
 * working days, the shipping costs both ways (or that there are none), and
 * the date until which it holds. One home for the owner's form (the site),
 * the function that stores it, and the texts that show it.
 */

/** A price holds at least this many days (RD 58/1988 art. 3.1); QUOTE_OFFER_DAYS below it is refused. */
export const MIN_OFFER_DAYS = 30

/** The advertised price of every listed service (the catalogue's "10€"): it binds (TRLGDCU art. 61.2). */
export const LISTED_SERVICE_CENTS = 1000

/** The parts a repair uses, as the quote names them: always new. */
export const PARTS = {
  'sin-piezas': 'Sin piezas: solo mano de obra',
  originales: 'Piezas nuevas originales',
  compatibles: 'Piezas nuevas compatibles, de calidad equivalente a las originales',
  'originales-o-compatibles': 'Piezas nuevas, originales o compatibles de calidad equivalente, según disponibilidad',
} as const
export type Parts = keyof typeof PARTS
export const PARTS_KEYS = Object.keys(PARTS) as Parts[]

/** The bounds of what the owner writes on a quote. */
export const WRITTEN_LIMITS = { workChars: 500, reasonChars: 300, repairDays: 60, maxCents: 999_999 } as const

/**
 * The version of the fixed terms shown with a price (the payment, the guarantee, the complaints, the
 * withdrawal, the steps of contracting): recorded with each price and with the customer's acceptance. Change it whenever
 * those texts change in substance.
 */
export const TERMS_VERSION = '2026-11-28'

/** What a price carries besides its amount and note; null where the default of the settings applies. */
export interface WrittenQuote {
  work: string
  parts: Parts
  partsCents: number | null
  labourCents: number | null
  repairDays: number
  shippingCents: number
  listedCents: number | null
  priceReason: string | null
}

/** A free text of the owner's on the quote: line breaks allowed, no control or bidirectional characters. */
export const ownerText = (max: number, message: string) =>
  z.string().check(
    z.refine((value) => !CONTROL_BUT_LINE_BREAK.test(value), {
      error: 'Escríbelo sin tabuladores ni caracteres de control',
    }),
    z.trim(),
    z.maxLength(max, message),
  )

/** Why an amount above the advertised price may not go without the further work that explains it. */
export const LISTED_PRICE_MESSAGE =
  'El precio anunciado del servicio obliga: escribe qué trabajo adicional suma la diferencia'

/**
 * The amounts of a written quote add up: when the split is given, parts and labour (and shipping) make the
 * amount; a price above the advertised one carries its reason, the further work (the advertised price binds,
 * TRLGDCU art. 61.2: it stays the first line, docs/decisions/133). A lower price needs no reason.
 */
export function writtenQuoteFaults(
  amountCents: number,
  quote: Pick<WrittenQuote, 'parts' | 'partsCents' | 'labourCents' | 'shippingCents' | 'listedCents' | 'priceReason'>,
  { splitRequired = false }: { splitRequired?: boolean } = {},
): Array<{ field: 'partsCents' | 'labourCents' | 'priceReason'; message: string }> {
  const faults: Array<{ field: 'partsCents' | 'labourCents' | 'priceReason'; message: string }> = []
  const split = splitRequired || quote.partsCents !== null || quote.labourCents !== null
  if (split && (quote.partsCents === null || quote.labourCents === null))
    faults.push({
      field: quote.partsCents === null ? 'partsCents' : 'labourCents',
      message: splitRequired
        ? 'Escribe por separado las piezas y la mano de obra (0 si no hay)'
        : 'Escribe las piezas y la mano de obra, o ninguna de las dos',
    })
  else if (split && (quote.partsCents ?? 0) + (quote.labourCents ?? 0) + quote.shippingCents !== amountCents)
    faults.push({ field: 'labourCents', message: 'Piezas, mano de obra y envío deben sumar el importe' })
  if (quote.parts === 'sin-piezas' && (quote.partsCents ?? 0) > 0)
    faults.push({ field: 'partsCents', message: 'Sin piezas, las piezas no pueden costar nada' })
  if (quote.listedCents !== null && amountCents > quote.listedCents && !quote.priceReason)
    faults.push({ field: 'priceReason', message: LISTED_PRICE_MESSAGE })
  return faults
}

/** The messages of the owner's full-quote form, each under its field. */
export const OWNER_FORM_MESSAGES = {
  importe: 'Escribe el importe total en euros, de 0,01 a 9.999,99 (25, 25,50 o 1.234,50)',
  cantidad: 'Escribe una cantidad en euros (0, 12 o 12,50)',
  trabajo: 'Escribe qué vas a hacer: el diagnóstico y la reparación',
  trabajoLargo: `El trabajo debe tener como mucho ${WRITTEN_LIMITS.workChars} caracteres`,
  nota: 'La nota debe tener como mucho 500 caracteres',
  piezas: 'Elige qué piezas lleva',
  dias: `Escribe el plazo en días laborables, de 1 a ${WRITTEN_LIMITS.repairDays}`,
  motivoLargo: `El trabajo adicional debe tener como mucho ${WRITTEN_LIMITS.reasonChars} caracteres`,
} as const

/** An amount the owner may leave at 0 (shipping) or empty (no split): cents, null when empty, undefined when unreadable. */
export function readEuros(typed: string | undefined): number | null | undefined {
  const text = (typed ?? '').trim()
  if (text === '') return null
  if (/^0+(?:[.,]0{1,2})?\s*(?:€|eur(?:os?)?)?$/i.test(text)) return 0
  return parseAmount(text) ?? undefined
}

const euros = (message: string) =>
  z.pipe(
    z.optional(z.string()),
    z.transform((typed, context) => {
      const cents = readEuros(typed)
      if (cents === undefined) context.issues.push({ code: 'custom', message, input: typed })
      return cents ?? null
    }),
  )

/**
 * The owner's full quote as his form posts it (the site validates it, the function again): the total, the
 * work, the parts and, when there are parts, their split; the days; the shipping; the note; and, when the
 * request came from a listed service and the amount is another, the reason.
 */
export const OwnerQuoteSchema = z.object({
  importe: z.pipe(
    z.string({ error: OWNER_FORM_MESSAGES.importe }),
    z.transform((typed, context) => {
      const cents = parseAmount(typed)
      if (cents === null) context.issues.push({ code: 'custom', message: OWNER_FORM_MESSAGES.importe, input: typed })
      return cents ?? 0
    }),
  ),
  trabajo: ownerText(WRITTEN_LIMITS.workChars, OWNER_FORM_MESSAGES.trabajoLargo).check(
    z.minLength(1, OWNER_FORM_MESSAGES.trabajo),
  ),
  piezas: z.enum(PARTS_KEYS as [Parts, ...Parts[]], { error: OWNER_FORM_MESSAGES.piezas }),
  importe_piezas: euros(OWNER_FORM_MESSAGES.cantidad),
  mano_de_obra: euros(OWNER_FORM_MESSAGES.cantidad),
  envio: euros(OWNER_FORM_MESSAGES.cantidad),
  dias: z.pipe(
    z.string({ error: OWNER_FORM_MESSAGES.dias }),
    z.transform((typed, context) => {
      const days = /^\s*\d{1,2}\s*$/.test(typed) ? Number(typed) : NaN
      if (!(days >= 1 && days <= WRITTEN_LIMITS.repairDays))
        context.issues.push({ code: 'custom', message: OWNER_FORM_MESSAGES.dias, input: typed })
      return days
    }),
  ),
  nota: z.optional(ownerText(500, OWNER_FORM_MESSAGES.nota)),
  motivo: z.optional(ownerText(WRITTEN_LIMITS.reasonChars, OWNER_FORM_MESSAGES.motivoLargo)),
})
export type OwnerQuote = z.infer<typeof OwnerQuoteSchema>

/** The owner's form's fields as the written quote and the amount they make. */
export function writtenFromForm(
  form: OwnerQuote,
  listedCents: number | null,
): { amountCents: number; note: string | null; written: WrittenQuote } {
  return {
    amountCents: form.importe,
    note: form.nota?.trim() || null,
    written: {
      work: form.trabajo,
      parts: form.piezas,
      partsCents: form.importe_piezas,
      labourCents: form.mano_de_obra,
      repairDays: form.dias,
      shippingCents: form.envio ?? 0,
      listedCents,
      priceReason: form.motivo?.trim() || null,
    },
  }
}

/** Where the owner's pages live on the site: private, like the tracking pages. */
/** How long the owner's link to the full-quote form holds (docs/decisions/105). */
export const OWNER_LINK_MINUTES = 30

export const OWNER_PREFIX = '/taller/'
/** The owner's full-quote form. */
export const OWNER_FORM_PREFIX = `${OWNER_PREFIX}presupuesto/`

/** The owner's form for one code. */
export const ownerFormPath = (code: string) => `${OWNER_FORM_PREFIX}${code}`

/** How the written quote's details are named, wherever they are shown (the tracking page, the e-mails). */
export const WRITTEN_LABELS = {
  trabajo: 'Qué haremos',
  piezas: 'Piezas',
  desglose: 'Desglose',
  plazo: 'Plazo de reparación',
  envio: 'Envío (ida y vuelta)',
  anunciado: 'Servicio anunciado',
  adicional: 'Trabajo adicional',
} as const

/**
 * Who pays the shipping each way, in words (RD 58/1988 art. 3): the amount covers both ways, the way to the
 * workshop and the way back to the customer, so he pays nothing more for either; without shipping costs,
 * neither way costs him anything.
 */
export function shippingStatement(shippingCents: number): string {
  return shippingCents
    ? `${formatEuros(shippingCents)} por la ida hasta el taller y la vuelta a tu casa, incluidos en el importe: no pagas nada más por ningún envío`
    : 'La ida hasta el taller y la vuelta a tu casa no te cuestan nada: no pagas ningún envío'
}

/**
 * The written quote as label and value rows, in the order the law names them. The note of a quick price is
 * its work (and its reason): said once, as the note, not again here. A listed service's advertised price
 * stays its first line, and what the amount adds to it is a line of its own with its reason (TRLGDCU art.
 * 61.2, docs/decisions/133).
 */
export function writtenRows(
  written: WrittenQuote,
  note: string | null,
  amountCents: number,
): Array<{ label: string; value: string }> {
  const labels = WRITTEN_LABELS
  const days = `${written.repairDays} ${written.repairDays === 1 ? 'día laborable' : 'días laborables'} desde que el aparato llega al taller`
  const listed = written.listedCents
  const lines =
    listed === null
      ? []
      : [
          {
            label: labels.anunciado,
            value:
              amountCents < listed
                ? `${formatEuros(amountCents)} (anunciado a ${formatEuros(listed)}: te lo rebajamos)`
                : `${formatEuros(listed)}, el precio anunciado`,
          },
          ...(amountCents > listed
            ? [
                {
                  label: labels.adicional,
                  value: `${formatEuros(amountCents - listed)}: ${written.priceReason ?? note ?? 'trabajo adicional'}`,
                },
              ]
            : []),
        ]
  return [
    ...(written.work !== note ? [{ label: labels.trabajo, value: written.work }] : []),
    ...lines,
    { label: labels.piezas, value: PARTS[written.parts] },
    ...(written.partsCents !== null && written.labourCents !== null
      ? [
          {
            label: labels.desglose,
            value: `Piezas ${formatEuros(written.partsCents)} · Mano de obra ${formatEuros(written.labourCents)}${written.shippingCents ? ` · Envío ${formatEuros(written.shippingCents)}` : ''}`,
          },
        ]
      : []),
    { label: labels.plazo, value: days },
    { label: labels.envio, value: shippingStatement(written.shippingCents) },
  ]
}
