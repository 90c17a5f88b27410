const MESES = [
  'enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio',
  'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre',
] as const

/** "2024-03-15" -> "15 de marzo de 2024", identical on the server and in the browser. */
export function longDate(iso: string): string {
  const [anio, mes, dia] = iso.split('-').map(Number)
  const nombreMes = mes ? MESES[mes - 1] : undefined
  if (!anio || !nombreMes || !dia) throw new Error(`Fecha no válida: ${iso}`)
  return `${dia} de ${nombreMes} de ${anio}`
}

const formatters = new Map<string, Intl.DateTimeFormat>()

/**
 * An instant as a wall-clock date and time of a time zone, in Spanish:
 * 1732440720000 in Europe/Madrid -> "24 de noviembre de 2024, 10:32".
 */
export function localDateTime(ms: number, timeZone: string): string {
  let format = formatters.get(timeZone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
    })
    formatters.set(timeZone, format)
  }
  const parts = Object.fromEntries(format.formatToParts(ms).map((part) => [part.type, part.value]))
  return `${Number(parts.day)} de ${MESES[Number(parts.month) - 1]} de ${parts.year}, ${parts.hour}:${parts.minute}`
}
