/**
 * Lists the specification states word for word, written once for the tests
 * of every layer (the module, the server's HTML, the browser).
 */

/** The quote form's models, in the specification's order. */
export const SPEC_MODELS = {
  mando: [
    'PlayStation 5 DualSense',
    'PlayStation 4 DualShock',
    'PlayStation 5 Edge',
    'Xbox Series X|S',
    'Xbox One',
    'Xbox Elite',
    'Nintendo Switch Joy-Con',
    'Nintendo Switch Joy-Con 2',
    'Nintendo Switch Pro Controller',
    'Otro',
  ],
  consola: [
    'PlayStation 5',
    'PlayStation 4',
    'PlayStation 3',
    'Xbox Series X',
    'Xbox Series S',
    'Xbox One',
    'Nintendo Switch',
    'Nintendo Switch OLED',
    'Otra',
  ],
} as const

/**
 * The invisible characters the quote form's single-line fields refuse
 * (issue 23, CONTRACT "Abuse limits"), each with its name, for the tests of
 * every layer: zero-width space and joiners, word joiner, BOM, soft hyphen,
 * the tag block's first, a tag letter and its last, and the Hangul filler.
 */
export const INVISIBLE_CHARACTERS = [
  ['U+200B', '\u200B'],
  ['U+200C', '\u200C'],
  ['U+200D', '\u200D'],
  ['U+2060', '\u2060'],
  ['U+FEFF', '\uFEFF'],
  ['U+00AD', '\u00AD'],
  ['U+E0000', '\u{E0000}'],
  ['U+E0041', '\u{E0041}'],
  ['U+E007F', '\u{E007F}'],
  ['U+3164', '\u3164'],
] as const

/** Values of the single-line fields that hide one invisible character `c` (and the valid quote around them). */
export const hidingIn = (c: string) => ({
  modelo: `DualSense${c}`,
  email: `cli${c}ente@correo.es`,
  telefono: `612${c}345678`,
})
