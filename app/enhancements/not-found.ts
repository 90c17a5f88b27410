import { markReady } from './names'

/** The not-found page logs the address that was asked for (the specification's not-found page). */
export function start(doc: Document): void {
  console.warn(`404: ruta no encontrada ${doc.location.pathname}`)
  markReady(doc, 'not-found')
}
