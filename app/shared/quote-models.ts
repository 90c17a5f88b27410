import type { QuoteType } from './quote'

/**
 * The models the catalogue lists for each type, as the quote form's list offers them
 * (app/lib/quote/models.server.ts builds that list from the catalogue; a unit test holds the two equal).
 * The function cannot import the catalogue: the e-mails that follow a request by themselves, to an address
 * anyone may have typed, name the device only by one of these (docs/decisions/126), never by other words
 * the visitor wrote.
 */
export const CATALOGUE_MODELS = {
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
  ],
} as const satisfies Record<QuoteType, readonly string[]>

/** How a typed model is compared: case, spaces and their width ignored (NFKC), nothing else. */
const comparable = (text: string) => text.normalize('NFKC').replace(/\s+/g, ' ').trim().toLowerCase()

const BY_COMPARABLE: Record<QuoteType, ReadonlyMap<string, string>> = {
  mando: new Map(CATALOGUE_MODELS.mando.map((model) => [comparable(model), model])),
  consola: new Map(CATALOGUE_MODELS.consola.map((model) => [comparable(model), model])),
}

/**
 * The catalogue's model for what the visitor typed, in the catalogue's own spelling, when it is one the
 * catalogue lists for `type` (whatever its case or spacing); else null ('Otro', a model the shop does not
 * list, anything else a person or a script wrote).
 */
export function catalogueModel(type: QuoteType, typed: string): string | null {
  return BY_COMPARABLE[type].get(comparable(typed)) ?? null
}
