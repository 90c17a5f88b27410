/**
 * The written quote in the owner's words (docs/decisions/105): what a quick
 * price ('/presupuesto P-7K3Q 25 nota') states besides its amount, taken
 * from the settings and the request; the refusal of a listed service's
 * price without its reason; and the link to the full-quote form.
 */
import { formatEuros } from '~shared/offer'
import { LISTED_SERVICE_CENTS, ownerFormPath, type WrittenQuote } from '~shared/written-quote'

import { OWNER_LINK_MINUTES } from './owner-links'
import type { FunctionSettings } from '../platform/settings'
import type { QuoteRow } from '../quotes/store'

/**
 * What a price states when the owner gives only its amount and note: the work is the listed service it came
 * from (its advertised price the first line, the note the further work that makes a higher amount: TRLGDCU
 * art. 61.2), else the note, or the repair of the fault described; the parts, days and shipping are the
 * settings'.
 */
export function defaultWritten(
  settings: Pick<FunctionSettings, 'QUOTE_PARTS' | 'QUOTE_REPAIR_DAYS' | 'QUOTE_SHIPPING_EUROS'>,
  quote: Pick<QuoteRow, 'tipo' | 'servicio'>,
  price: { amountCents: number; note: string | null },
): WrittenQuote {
  const listedCents = quote.servicio ? LISTED_SERVICE_CENTS : null
  return {
    work:
      quote.servicio ??
      price.note ??
      `Diagnóstico y reparación de la avería que nos describiste en tu ${quote.tipo === 'mando' ? 'mando' : 'consola'}`,
    parts: settings.QUOTE_PARTS,
    partsCents: null,
    labourCents: null,
    repairDays: settings.QUOTE_REPAIR_DAYS,
    shippingCents: Math.round(settings.QUOTE_SHIPPING_EUROS * 100),
    listedCents,
    priceReason: listedCents !== null && price.amountCents > listedCents ? price.note : null,
  }
}

/** The bot's answer to a listed service's request priced higher without the further work: nothing stored. */
export function listedPriceRefusal(reference: string, service: string, listedCents: number): string {
  return `${reference} viene del servicio «${service}», anunciado a ${formatEuros(listedCents)}: ese precio obliga al taller y queda como primera línea del presupuesto. Para cobrar más, escribe en la nota el trabajo adicional que suma la diferencia, que el cliente verá como otra línea (por ejemplo: /presupuesto ${reference} 35 Además hay que cambiar la batería). No he guardado nada.`
}

/** The message with the link to the full-quote form, for whoever asked. */
export function formLinkText(reference: string, name: string): string {
  return `📝 ${reference}: el formulario del presupuesto completo (trabajo, piezas y su desglose, plazo, envío), para ${name}. El enlace sirve una vez, caduca en ${OWNER_LINK_MINUTES} minutos y se queda en el primer navegador que lo abra: ábrelo tú, y no lo compartas.`
}

/** The form's address on the site. */
export const ownerFormUrl = (siteUrl: string, code: string) => `${siteUrl.replace(/\/+$/, '')}${ownerFormPath(code)}`
