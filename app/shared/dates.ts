/**
 * The one way both Workers write a date or a time, in the shop's time zone (Europe/Madrid), the same
 * in every page, message and e-mail (docs/decisions/138-dates.md):
 *   shortDateTime  "01/12 21:03"                    the owner's chat: when something happened
 *   clock          "21:03"                          a time of today
 *   longDay        "1 de diciembre de 2026"         a day written out
 *   longDayTime    "1 de diciembre de 2026, 21:03"  a day and its time written out
 *   numericDay     "01/12/2026"                     a date in figures (an invoice's date)
 *
 * Built from the runtime's time-zone rules only (formatToParts' numeric fields), never from its
 * locale's patterns: Node's and workerd's Spanish data drop the leading zeros of "01/12" and may
 * change from one release to the next, a number and a month name of our own never do.
 */
import { SHOP_HOURS } from './shop'

export const TIME_ZONE = SHOP_HOURS.timeZone

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

export interface WallClock {
  year: number
  /** 1 to 12. */
  month: number
  day: number
  hour: number
  minute: number
  second: number
  /** ISO weekday: 1 = Monday ... 7 = Sunday. */
  weekday: number
}

const ISO_WEEKDAY: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 }

const parts = new Intl.DateTimeFormat('en-US', {
  timeZone: TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
  weekday: 'short',
})

/** The Madrid wall clock at an instant, as numbers. */
export function madridClock(at: number | Date): WallClock {
  const values: Record<string, string> = {}
  for (const part of parts.formatToParts(at)) values[part.type] = part.value
  return {
    year: Number(values.year),
    month: Number(values.month),
    day: Number(values.day),
    // Some ICU releases write midnight as 24 under h23 in a few zones: it is 0.
    hour: Number(values.hour) % 24,
    minute: Number(values.minute),
    second: Number(values.second),
    weekday: ISO_WEEKDAY[values.weekday ?? ''] ?? 0,
  }
}

const two = (value: number) => String(value).padStart(2, '0')

const wordsOf = (year: number, month: number, day: number) => {
  const name = MONTHS[month - 1]
  if (!name || !year || !day) throw new Error(`Fecha no válida: ${year}-${month}-${day}`)
  return `${day} de ${name} de ${year}`
}

/** "01/12 21:03": day and month short, with the time. */
export function shortDateTime(at: number | Date): string {
  const c = madridClock(at)
  return `${two(c.day)}/${two(c.month)} ${two(c.hour)}:${two(c.minute)}`
}

/** "21:03". */
export function clock(at: number | Date): string {
  const c = madridClock(at)
  return `${two(c.hour)}:${two(c.minute)}`
}

/** "1 de diciembre de 2026". */
export function longDay(at: number | Date): string {
  const c = madridClock(at)
  return wordsOf(c.year, c.month, c.day)
}

/** "1 de diciembre de 2026, 21:03". */
export function longDayTime(at: number | Date): string {
  const c = madridClock(at)
  return `${wordsOf(c.year, c.month, c.day)}, ${two(c.hour)}:${two(c.minute)}`
}

/** "01/12/2026". */
export function numericDay(at: number | Date): string {
  const c = madridClock(at)
  return `${two(c.day)}/${two(c.month)}/${c.year}`
}

/** "2026-12-01": the Madrid calendar day of an instant. */
export function isoDay(at: number | Date): string {
  const c = madridClock(at)
  return `${c.year}-${two(c.month)}-${two(c.day)}`
}

/** A calendar day "2024-03-15" (no time zone: a date of the catalogue) -> "15 de marzo de 2024". */
export function calendarDayInWords(iso: string): string {
  const [year, month, day] = iso.split('-').map(Number)
  return wordsOf(year ?? 0, month ?? 0, day ?? 0)
}
