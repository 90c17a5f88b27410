// zod/mini: the same zod, tree-shakable, so each Worker bundles only the checks it uses.
import * as z from 'zod/mini'

/**
 * The quote request: one schema, used by the /presupuesto action (through
 * conform, which also answers the browser's requests for the messages as
 * the visitor corrects) and by the enviar-telegram function. Every rule has
 * the message the visitor sees under its field.
 */

/** What can be repaired: the posted `tipo`. */
export const QUOTE_TYPES = ['mando', 'consola'] as const
export type QuoteType = (typeof QUOTE_TYPES)[number]

/** The longest value of each field (and the shortest phone). */
export const QUOTE_LIMITS = { modelo: 100, comentarios: 1000, email: 255, telefonoMin: 9, telefonoMax: 20 } as const

/** The message under each field, as the spec words it. */
export const QUOTE_MESSAGES = {
  tipo: 'Por favor selecciona qué quieres reparar.',
  modeloObligatorio: 'El modelo es obligatorio',
  modeloLargo: 'El modelo debe tener menos de 100 caracteres',
  modeloCaracteres: 'El modelo debe ir en una sola línea, sin caracteres de control ni invisibles',
  comentariosLargos: 'Los comentarios deben tener menos de 1000 caracteres',
  comentariosCaracteres:
    'Los comentarios solo admiten texto y saltos de línea: quita los tabuladores o caracteres invisibles',
  emailInvalido: 'Email inválido',
  emailLargo: 'El email debe tener menos de 255 caracteres',
  emailCaracteres: 'El email debe ir en una sola línea, sin caracteres de control ni invisibles',
  telefonoCorto: 'El teléfono debe tener al menos 9 dígitos',
  telefonoLargo: 'El teléfono debe tener menos de 20 caracteres',
  telefonoCaracteres: 'El teléfono solo puede contener números, espacios, guiones y el símbolo +',
} as const

const EMAIL = z.regexes.email

/**
 * Characters that can forge or hide lines in the owner's message and the
 * e-mail subject: C0 and C1 controls (CR and LF among them), DEL, the line
 * and paragraph separators and the bidirectional controls.
 */
const CONTROLS = '\\u0000-\\u001F\\u007F-\\u009F\\u2028\\u2029\\u061C\\u200E\\u200F\\u202A-\\u202E\\u2066-\\u2069'
/**
 * Characters that show nothing (docs/decisions/094-invisible-characters.md):
 * Unicode's format characters (category Cf: zero-width space and joiners,
 * word joiner, BOM, soft hyphen, the tag characters…), the whole tag block
 * (U+E0000 is unassigned, not Cf) and the Hangul fillers, letters that draw
 * nothing. A model, an e-mail or a phone made of them, or hiding them, is
 * not one; letters of every language and emoji are not among them.
 */
const INVISIBLES = '\\p{Cf}\\u{E0000}-\\u{E007F}\\u115F\\u1160\\u3164\\uFFA0'
/** What a single-line field refuses: a control or an invisible character. */
const NOT_SINGLE_LINE = new RegExp(`[${CONTROLS}${INVISIBLES}]`, 'u')
const ANY_CONTROL = new RegExp(`[${CONTROLS}]`)
/** The comments keep their line breaks (CR and LF) and nothing else of the controls. */
export const CONTROL_BUT_LINE_BREAK = new RegExp(
  `[${CONTROLS.replace('\\u0000-\\u001F', '\\u0000-\\u0009\\u000B\\u000C\\u000E-\\u001F')}]`,
)
/** One space or invisible character: what a free text loses at its ends. */
const EDGE = new RegExp(`^[\\s${INVISIBLES}]$`, 'u')
/** The tag characters that spell a subdivision flag after 🏴 (U+E007F, the cancel tag, ends it). */
const FLAG_TAG = /^[\u{E0020}-\u{E007E}]$/u
const BLACK_FLAG = '\u{1F3F4}'

/**
 * A free text without spaces or invisible characters at its ends: inside it
 * they stay (a ZWJ joins an emoji sequence), and so does the tag sequence that
 * ends a subdivision flag (🏴 + tags + U+E007F, e.g. Scotland's). Scanned
 * once from each end by code point, so a long run of spaces costs linear time
 * (a trailing `[…]+$` pattern retried at every space of the run is quadratic).
 */
export function trimInvisible(text: string): string {
  const chars = [...text]
  let start = 0
  while (start < chars.length && EDGE.test(chars[start] ?? '')) start++
  if (start === chars.length) return ''
  let end = chars.length
  while (EDGE.test(chars[end - 1] ?? '')) end--
  // Right after 🏴, the run's leading tags and the character after them belong to the flag.
  if (chars[end - 1] === BLACK_FLAG) {
    let tags = end
    while (tags < chars.length && FLAG_TAG.test(chars[tags] ?? '')) tags++
    end = Math.min(tags + 1, chars.length)
  }
  return chars.slice(start, end).join('')
}

/** A text with every control character made a space: for lines built from values stored before this rule. */
export function withoutControls(text: string): string {
  return text.replace(new RegExp(ANY_CONTROL.source, 'g'), ' ')
}

/** Refuses a value holding any of `pattern`, before trimming, and stops checking that field. */
const without = (pattern: RegExp, message: string) =>
  z.refine<string>((value) => !pattern.test(value), { error: message, abort: true })

/** A value of nothing but spaces and invisible characters looks empty, and is answered as empty. */
const ONLY_INVISIBLE = new RegExp(`^[\\s${INVISIBLES}]+$`, 'u')
const blankAs = (message: string) =>
  z.refine<string>((value) => !ONLY_INVISIBLE.test(value), { error: message, abort: true })

/**
 * A one-line text a visitor types (a name, a postal address): required, bounded, no control or invisible
 * character, trimmed, and at least `minLetters` letters of any language, so junk (punctuation, digits alone)
 * is refused with the field's own message.
 */
export const singleLineText = ({
  required,
  characters,
  tooLong,
  max,
  minLetters = 1,
}: {
  required: string
  characters: string
  tooLong: string
  max: number
  minLetters?: number
}) =>
  z.string({ error: required }).check(
    blankAs(required),
    without(NOT_SINGLE_LINE, characters),
    z.trim(),
    z.minLength(1, required),
    z.maxLength(max, tooLong),
    z.refine((value) => (value.match(/\p{L}/gu) ?? []).length >= minLetters, { error: required }),
  )

/** The fields a visitor fills in. */
export const QuoteSchema = z.object({
  tipo: z.enum(QUOTE_TYPES, { error: QUOTE_MESSAGES.tipo }),
  modelo: z
    .string({ error: QUOTE_MESSAGES.modeloObligatorio })
    .check(
      blankAs(QUOTE_MESSAGES.modeloObligatorio),
      without(NOT_SINGLE_LINE, QUOTE_MESSAGES.modeloCaracteres),
      z.trim(),
      z.minLength(1, QUOTE_MESSAGES.modeloObligatorio),
      z.maxLength(QUOTE_LIMITS.modelo, QUOTE_MESSAGES.modeloLargo),
    ),
  comentarios: z.nullish(
    z
      .string({ error: QUOTE_MESSAGES.comentariosLargos })
      .check(
        without(CONTROL_BUT_LINE_BREAK, QUOTE_MESSAGES.comentariosCaracteres),
        z.overwrite(trimInvisible),
        z.maxLength(QUOTE_LIMITS.comentarios, QUOTE_MESSAGES.comentariosLargos),
      ),
  ),
  email: z
    .string({ error: QUOTE_MESSAGES.emailInvalido })
    .check(
      blankAs(QUOTE_MESSAGES.emailInvalido),
      without(NOT_SINGLE_LINE, QUOTE_MESSAGES.emailCaracteres),
      z.trim(),
      z.regex(EMAIL, QUOTE_MESSAGES.emailInvalido),
      z.maxLength(QUOTE_LIMITS.email, QUOTE_MESSAGES.emailLargo),
    ),
  telefono: z
    .string({ error: QUOTE_MESSAGES.telefonoCorto })
    .check(
      blankAs(QUOTE_MESSAGES.telefonoCorto),
      without(NOT_SINGLE_LINE, QUOTE_MESSAGES.telefonoCaracteres),
      z.trim(),
      z.minLength(QUOTE_LIMITS.telefonoMin, QUOTE_MESSAGES.telefonoCorto),
      z.maxLength(QUOTE_LIMITS.telefonoMax, QUOTE_MESSAGES.telefonoLargo),
      z.regex(/^\+?[\d\s-]+$/, QUOTE_MESSAGES.telefonoCaracteres),
    ),
})

export type Quote = z.infer<typeof QuoteSchema>

/** The form adds the honeypot `website`, hidden from people; bots fill it. */
export const QuoteFormSchema = z.extend(QuoteSchema, {
  website: z.optional(z.string()),
})

/** Longest note the owner is shown about a post that looks automated. */
export const SUSPICION_MAX_CHARS = 200

/** The site's id of a form token it signed (a hash: the function never sees the token itself). */
export const FORM_TOKEN_ID = /^[A-Za-z0-9_-]{16,64}$/

/**
 * What the site POSTs to enviar-telegram: the fields plus `honeypot`,
 * `servicio` (the listed service it came from, if any), `sospecha`, why
 * the post looks automated (a note for the owner, never a reason to drop it;
 * cut, not refused, when too long), and `formulario`, the id of the form
 * token it came with when the site signed it: one token stores one quote
 * (docs/decisions/126).
 */
export const QuotePayloadSchema = z.extend(QuoteSchema, {
  honeypot: z.nullish(z.string()),
  formulario: z.nullish(z.string().check(z.regex(FORM_TOKEN_ID))),
  /** The listed service the visitor came from (its name in the catalogue): its advertised price binds. */
  servicio: z.nullish(
    z.pipe(
      z.string(),
      z.transform((text) => withoutControls(text).trim().slice(0, QUOTE_LIMITS.modelo) || null),
    ),
  ),
  sospecha: z.nullish(
    z.pipe(
      z.string(),
      z.transform((text) => withoutControls(text).slice(0, SUSPICION_MAX_CHARS)),
    ),
  ),
})
