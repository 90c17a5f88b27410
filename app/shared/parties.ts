// zod/mini, as the quote's schema: each Worker bundles only the checks it uses.
import * as z from 'zod/mini'

import { singleLineText } from './quote'

/**
 * The parties of the contract (docs/decisions/132): on accepting a price the customer writes his full name
 * (`nombre`) and his postal address (`direccion`), where a device he sent goes back. One schema for the
 * tracking page's accept form and the function that stores them; personal data like the quote's e-mail and
 * phone (bounded, one line, erased with the quote, named on /privacidad from PARTY_FIELDS).
 */

/** The longest value of each field. */
export const PARTY_LIMITS = { nombre: 120, direccion: 200 } as const

/** The message beside each field. */
export const PARTY_MESSAGES = {
  nombre: 'Escribe tu nombre y apellidos',
  nombreLargo: `El nombre debe tener como mucho ${PARTY_LIMITS.nombre} caracteres`,
  nombreCaracteres: 'El nombre debe ir en una sola línea, sin caracteres de control ni invisibles',
  direccion: 'Escribe tu dirección postal: calle y número, código postal y localidad',
  direccionLarga: `La dirección debe tener como mucho ${PARTY_LIMITS.direccion} caracteres`,
  direccionCaracteres: 'La dirección debe ir en una sola línea, sin caracteres de control ni invisibles',
} as const

/** The fields in words, for /privacidad: keyed by the schema's own fields. */
export const PARTY_FIELDS = {
  nombre: `tu nombre y apellidos (hasta ${PARTY_LIMITS.nombre} caracteres)`,
  direccion: `tu dirección postal (hasta ${PARTY_LIMITS.direccion} caracteres), a la que vuelve el aparato si nos lo enviaste`,
} as const

export const PartiesSchema = z.object({
  nombre: singleLineText({
    required: PARTY_MESSAGES.nombre,
    characters: PARTY_MESSAGES.nombreCaracteres,
    tooLong: PARTY_MESSAGES.nombreLargo,
    max: PARTY_LIMITS.nombre,
    minLetters: 2,
  }),
  direccion: singleLineText({
    required: PARTY_MESSAGES.direccion,
    characters: PARTY_MESSAGES.direccionCaracteres,
    tooLong: PARTY_MESSAGES.direccionLarga,
    max: PARTY_LIMITS.direccion,
    minLetters: 3,
  }),
})
export type Parties = z.infer<typeof PartiesSchema>

/** The messages of a posted pair, by field; empty when both are right. */
export function partiesFaults(posted: { nombre?: unknown; direccion?: unknown }): {
  values: Parties | null
  errors: Partial<Record<keyof Parties, string>>
} {
  const parsed = PartiesSchema.safeParse({ nombre: posted.nombre ?? '', direccion: posted.direccion ?? '' })
  if (parsed.success) return { values: parsed.data, errors: {} }
  const errors: Partial<Record<keyof Parties, string>> = {}
  for (const issue of parsed.error.issues) {
    const field = issue.path[0]
    if ((field === 'nombre' || field === 'direccion') && !errors[field]) errors[field] = issue.message
  }
  return { values: null, errors }
}
