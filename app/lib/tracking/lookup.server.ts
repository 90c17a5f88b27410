import { parseWithZod } from '@conform-to/zod/v4'
import * as z from 'zod/mini'

import { readBoundedForm } from '~shared/form-body'
import { QUOTE_LIMITS, QUOTE_MESSAGES } from '~shared/quote'

/**
 * The lookup form of /seguimiento, for whoever lost the tracking link: the
 * quote's reference and the e-mail it was sent with, plus the honeypot
 * `website`. Read bounded (docs/decisions/033-bounded-form-reading.md) and
 * validated here, on the server, with the messages shown under each field.
 */

export const LOOKUP_MESSAGES = {
  referenciaObligatoria: 'Escribe la referencia de tu solicitud',
  referenciaFormato: 'La referencia tiene esta forma: P-7K3Q',
  emailObligatorio: 'Escribe el email con el que pediste el presupuesto',
  emailInvalido: QUOTE_MESSAGES.emailInvalido,
  emailLargo: QUOTE_MESSAGES.emailLargo,
} as const

/** What the lookup form accepts as a reference: P- and four characters (the function's, ~shared/reference), with room for a few more. */
const LOOKUP_REFERENCE = /^P-[A-Z0-9]{4,8}$/

/** Caps of each field read (four times its limit, so an over-long value still comes back with its message). */
const LOOKUP_FIELD_CAPS = { referencia: 48, email: QUOTE_LIMITS.email * 4, website: 200 } as const

/** The largest lookup post read; larger bodies are answered 413. */
export const LOOKUP_BODY_MAX_BYTES = 8 * 1024

export const LookupSchema = z.object({
  /** Typed as the visitor likes: trimmed, upper case, spaces dropped, the hyphen added ("p 7k3q" is P-7K3Q). */
  referencia: z.string({ error: LOOKUP_MESSAGES.referenciaObligatoria }).check(
    z.trim(),
    z.toUpperCase(),
    z.overwrite((value) => value.replace(/\s+/g, '').replace(/^P-?/, 'P-')),
    z.regex(LOOKUP_REFERENCE, LOOKUP_MESSAGES.referenciaFormato),
  ),
  email: z
    .string({ error: LOOKUP_MESSAGES.emailObligatorio })
    .check(
      z.trim(),
      z.regex(z.regexes.email, LOOKUP_MESSAGES.emailInvalido),
      z.maxLength(QUOTE_LIMITS.email, LOOKUP_MESSAGES.emailLargo),
    ),
  website: z.optional(z.string()),
})

/**
 * The second form of /seguimiento, for whoever lost the link and the reference: only the e-mail (and the
 * honeypot). The tracking links of its quotes go to that address, if it has any (docs/decisions/104).
 */
export const LinksSchema = z.object({
  email: LookupSchema.shape.email,
  website: z.optional(z.string()),
})

/**
 * The posted form's own fields, bounded. Which form it was: the lookup always posts `referencia` (empty or
 * not); the lost-link form has no such field.
 */
export async function readLookupForm(request: Request) {
  const form = await readBoundedForm(request, LOOKUP_FIELD_CAPS, LOOKUP_BODY_MAX_BYTES)
  return { ...form, intent: form.fields.referencia === undefined ? ('links' as const) : ('lookup' as const) }
}

/** A FormData of the form's own fields only. */
function formDataOf(fields: Partial<Record<keyof typeof LOOKUP_FIELD_CAPS, string>>) {
  const formData = new FormData()
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) formData.set(name, value)
  return formData
}

/** conform + the schema, over the form's own fields only. */
export function parseLookup(fields: Partial<Record<keyof typeof LOOKUP_FIELD_CAPS, string>>) {
  return parseWithZod(formDataOf(fields), { schema: LookupSchema })
}

/** conform + the lost-link schema, over the e-mail and the honeypot only. */
export function parseLinks(fields: Partial<Record<keyof typeof LOOKUP_FIELD_CAPS, string>>) {
  const { email, website } = fields
  return parseWithZod(formDataOf({ email, website }), { schema: LinksSchema })
}
