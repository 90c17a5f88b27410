// zod/mini: the same zod, tree-shakable, so each Worker bundles only the checks it uses.
import * as z from 'zod/mini'

import { LIMITES, MENSAJES, TIPOS } from './options'

/**
 * The quote request: one schema, used by the /presupuesto action (through
 * conform, which also answers the browser's requests for the messages as
 * the visitor corrects) and by the enviar-telegram function. Every rule has
 * the message the visitor sees under its field.
 */

const EMAIL = z.regexes.email

/** The fields a visitor fills in. */
export const QuoteSchema = z.object({
  tipo: z.enum(TIPOS, { error: MENSAJES.tipo }),
  modelo: z
    .string({ error: MENSAJES.modeloObligatorio })
    .check(z.trim(), z.minLength(1, MENSAJES.modeloObligatorio), z.maxLength(LIMITES.modelo, MENSAJES.modeloLargo)),
  comentarios: z.nullish(
    z.string({ error: MENSAJES.comentariosLargos }).check(z.trim(), z.maxLength(LIMITES.comentarios, MENSAJES.comentariosLargos)),
  ),
  email: z
    .string({ error: MENSAJES.emailInvalido })
    .check(z.trim(), z.regex(EMAIL, MENSAJES.emailInvalido), z.maxLength(LIMITES.email, MENSAJES.emailLargo)),
  telefono: z
    .string({ error: MENSAJES.telefonoCorto })
    .check(
      z.trim(),
      z.minLength(LIMITES.telefonoMin, MENSAJES.telefonoCorto),
      z.maxLength(LIMITES.telefonoMax, MENSAJES.telefonoLargo),
      z.regex(/^\+?[\d\s-]+$/, MENSAJES.telefonoCaracteres),
    ),
})

export type Quote = z.infer<typeof QuoteSchema>

/** The form adds the honeypot `website`, hidden from people; bots fill it. */
export const QuoteFormSchema = z.extend(QuoteSchema, {
  website: z.optional(z.string()),
})

/** Longest note the owner is shown about a post that looks automated. */
export const SOSPECHA_MAX_CHARS = 200

/**
 * What the site POSTs to enviar-telegram: the fields plus `honeypot`, and
 * `sospecha`, why the post looks automated (a note for the owner, never a
 * reason to drop it; cut, not refused, when too long).
 */
export const QuotePayloadSchema = z.extend(QuoteSchema, {
  honeypot: z.nullish(z.string()),
  sospecha: z.nullish(z.pipe(z.string(), z.transform((text) => text.slice(0, SOSPECHA_MAX_CHARS)))),
})


