import { catalogo } from '~/catalogo/consultas'
import type { DatoDelTaller, FormaDeEntrega } from '~/catalogo/tipos'

import type { Settings } from './env.server'

/**
 * What the mail-in page and the tracking page say about getting a device to
 * the shop: where (its area, and the street address while
 * SHOP_SHIPPING_ADDRESS is set; otherwise that it comes with the quote, or,
 * on the tracking page of an answered quote, to ask for it), when to come
 * (agreed over WhatsApp in its hours), and that the carrier, cost and
 * insurance come with the quote.
 */
export function mailInFacts(
  settings: Pick<Settings, 'SHOP_SHIPPING_ADDRESS'>,
  { answered = false }: { answered?: boolean } = {},
): Record<DatoDelTaller, string> {
  const { tienda, envios } = catalogo
  const { pendiente } = envios
  const hours = tienda.horario.texto
  return {
    zona: tienda.direccion.texto,
    direccion: settings.SHOP_SHIPPING_ADDRESS || (answered ? pendiente.direccionTrasPresupuesto : pendiente.direccion),
    costes: answered ? pendiente.costesTrasPresupuesto : pendiente.costes,
    cuando: pendiente.cuando(hours.charAt(0).toLowerCase() + hours.slice(1)),
  }
}

type Fact = FormaDeEntrega['datos'][number]

/** Facts as a page shows them: each { termino, valor }, the shop's facts filled in. */
export function fillFacts(entries: readonly Fact[], facts: Record<DatoDelTaller, string>) {
  return entries.map((fact) => ({ termino: fact.termino, valor: 'dato' in fact ? facts[fact.dato] : fact.texto }))
}

/** The two ways of /envios, each with its facts filled in. */
export function deliveryOptions(facts: Record<DatoDelTaller, string>) {
  return catalogo.envios.formas.map(({ datos, ...option }) => ({ ...option, datos: fillFacts(datos, facts) }))
}
