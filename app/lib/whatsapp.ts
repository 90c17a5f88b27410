/** Spain's country code, prefixed to the shop's 9-digit phone in WhatsApp links. */
const PREFIJO_ESPANA = '34'

/** The one builder of every WhatsApp link: https://wa.me/34{phone}?text={message}. */
export function enlaceWhatsApp(telefono: string, mensaje: string): string {
  return `https://wa.me/${PREFIJO_ESPANA}${telefono}?text=${encodeURIComponent(mensaje)}`
}

export const mensajesWhatsApp = {
  saludo: 'Hola, tengo una consulta sobre la reparación de un mando o una consola.',
  presupuesto: 'Hola, me gustaría pedir un presupuesto para una reparación.',
  servicio: (servicio: string, modelo: string) =>
    `Hola, estoy interesado en el servicio de ${servicio} para mi ${modelo}.`,
  modelo: (modelo: string) => `Hola, me gustaría pedir un presupuesto para reparar mi ${modelo}.`,
}

/** "600000000" -> "600 000 000", for reading; links keep the bare digits. */
export function telefonoLegible(telefono: string): string {
  return telefono.replace(/^(\d{3})(\d{3})(\d{3})$/, '$1 $2 $3')
}
