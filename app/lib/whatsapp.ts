/** Spain's country code, prefixed to the shop's 9-digit phone in WhatsApp links. */
const SPAIN_PREFIX = '34'

/** The one builder of every WhatsApp link: https://wa.me/34{phone}?text={message}. */
export function whatsappLink(phone: string, message: string): string {
  return `https://wa.me/${SPAIN_PREFIX}${phone}?text=${encodeURIComponent(message)}`
}

/** The prefilled messages, by where the link is. */
export const whatsappMessages = {
  saludo: 'Hola, tengo una consulta sobre la reparación de un mando o una consola.',
  presupuesto: 'Hola, me gustaría pedir un presupuesto para una reparación.',
  /** The service as the catalogue names it ("Cambio de batería"), read mid-sentence ("cambio de batería"). */
  servicio: (service: string, model: string) =>
    `Hola, estoy interesado en el servicio de ${service.charAt(0).toLowerCase()}${service.slice(1)} para mi ${model}.`,
  modelo: (model: string) => `Hola, me gustaría pedir un presupuesto para reparar mi ${model}.`,
  envio: 'Hola, me gustaría enviaros un mando o una consola para repararlo.',
  /** About a quote already sent: with its reference when it is known. */
  /** About the price of a quote: to talk it over, or to ask for a new one. */
  presupuestoDeSolicitud: (reference: string) => `Hola, quiero hablar del presupuesto de mi solicitud ${reference}.`,
  seguimiento: (reference?: string | null) =>
    reference ? `Hola, quiero saber cómo va mi solicitud ${reference}.` : 'Hola, quiero saber cómo va mi reparación.',
}

/** "600000000" -> "600 000 000", for reading; links keep the bare digits. */
export function readablePhone(phone: string): string {
  return phone.replace(/^(\d{3})(\d{3})(\d{3})$/, '$1 $2 $3')
}
