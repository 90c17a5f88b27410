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
