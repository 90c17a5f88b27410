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

/**
 * Characters that can forge or hide lines in the owner's message and the
 * e-mail subject: C0 and C1 controls (CR and LF among them), DEL, the line
 * and paragraph separators and the bidirectional controls.
 */
const CONTROLS = '\\u0000-\\u001F\\u007F-\\u009F\\u2028\\u2029\\u061C\\u200E\\u200F\\u202A-\\u202E\\u2066-\\u2069'
const ANY_CONTROL = new RegExp(`[${CONTROLS}]`)
/** The comments keep their line breaks (CR and LF) and nothing else of the above. */
const CONTROL_BUT_LINE_BREAK = new RegExp(`[${CONTROLS.replace('\\u0000-\\u001F', '\\u0000-\\u0009\\u000B\\u000C\\u000E-\\u001F')}]`)

/** A text with every such character made a space: for lines built from values stored before this rule. */
export function withoutControls(text: string): string {
  return text.replace(new RegExp(ANY_CONTROL.source, 'g'), ' ')
}

/** Refuses a value holding any of `pattern`, before trimming, and stops checking that field. */
const without = (pattern: RegExp, message: string) => z.refine<string>((value) => !pattern.test(value), { error: message, abort: true })

/** The fields a visitor fills in. */
export const QuoteSchema = z.object({
  tipo: z.enum(TIPOS, { error: MENSAJES.tipo }),
  modelo: z
    .string({ error: MENSAJES.modeloObligatorio })
    .check(without(ANY_CONTROL, MENSAJES.modeloCaracteres), z.trim(), z.minLength(1, MENSAJES.modeloObligatorio), z.maxLength(LIMITES.modelo, MENSAJES.modeloLargo)),
  comentarios: z.nullish(
    z
      .string({ error: MENSAJES.comentariosLargos })
      .check(without(CONTROL_BUT_LINE_BREAK, MENSAJES.comentariosCaracteres), z.trim(), z.maxLength(LIMITES.comentarios, MENSAJES.comentariosLargos)),
  ),
  email: z
    .string({ error: MENSAJES.emailInvalido })
    .check(without(ANY_CONTROL, MENSAJES.emailCaracteres), z.trim(), z.regex(EMAIL, MENSAJES.emailInvalido), z.maxLength(LIMITES.email, MENSAJES.emailLargo)),
  telefono: z
    .string({ error: MENSAJES.telefonoCorto })
    .check(
      without(ANY_CONTROL, MENSAJES.telefonoCaracteres),
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
  sospecha: z.nullish(z.pipe(z.string(), z.transform((text) => withoutControls(text).slice(0, SOSPECHA_MAX_CHARS)))),
})


