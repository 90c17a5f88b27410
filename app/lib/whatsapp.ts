/** Spain's country code, prefixed to the shop's 9-digit phone in WhatsApp links. */
const SPAIN_PREFIX = '34'

/** The one builder of every WhatsApp link: https://wa.me/34{phone}?text={message}. */
export function whatsappLink(telefono: string, mensaje: string): string {
  return `https://wa.me/${SPAIN_PREFIX}${telefono}?text=${encodeURIComponent(mensaje)}`
}

/** The prefilled messages, by where the link is. */
export const whatsappMessages = {
  saludo: 'Hola, tengo una consulta sobre la reparación de un mando o una consola.',
  presupuesto: 'Hola, me gustaría pedir un presupuesto para una reparación.',
  /** The service as the catalogue names it ("Cambio de batería"), read mid-sentence ("cambio de batería"). */
  servicio: (servicio: string, modelo: string) =>
    `Hola, estoy interesado en el servicio de ${servicio.charAt(0).toLowerCase()}${servicio.slice(1)} para mi ${modelo}.`,
  modelo: (modelo: string) => `Hola, me gustaría pedir un presupuesto para reparar mi ${modelo}.`,
  envio: 'Hola, me gustaría enviaros un mando o una consola para repararlo.',
  /** About a quote already sent: with its reference when it is known. */
  seguimiento: (referencia?: string | null) =>
    referencia ? `Hola, quiero saber cómo va mi solicitud ${referencia}.` : 'Hola, quiero saber cómo va mi reparación.',
}

/** "600000000" -> "600 000 000", for reading; links keep the bare digits. */
export function readablePhone(telefono: string): string {
  return telefono.replace(/^(\d{3})(\d{3})(\d{3})$/, '$1 $2 $3')
}
