const MONTHS = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
] as const

/** "2024-03-15" -> "15 de marzo de 2024", identical on the server and in the browser. */
export function longDate(iso: string): string {
  const [year, month, day] = iso.split('-').map(Number)
  const monthName = month ? MONTHS[month - 1] : undefined
  if (!year || !monthName || !day) throw new Error(`Fecha no válida: ${iso}`)
  return `${day} de ${monthName} de ${year}`
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
  return `${Number(parts.day)} de ${MONTHS[Number(parts.month) - 1]} de ${parts.year}, ${parts.hour}:${parts.minute}`
}

/** An instant's wall-clock date in a time zone, in Spanish: "24 de noviembre de 2024". */
export function localDate(ms: number, timeZone: string): string {
  return localDateTime(ms, timeZone).replace(/, \d{2}:\d{2}$/, '')
}
