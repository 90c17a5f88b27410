/**
 * The days that are not working days where the shop receives a withdrawal (docs/decisions/134): Saturdays,
 * Sundays and the public holidays of the Basque Country, from a maintained library (date-holidays: Spain's and
 * the Basque Country's, 'ES'/'PV'), plus Vitoria-Gasteiz's two local holidays, which the library does not hold
 * (the Basque Government's calendar fixes them for the city every year on the same dates). A withdrawal
 * period whose last day is one of them ends at the end of the next working day (Reglamento 1182/71 art. 3.4).
 */
import Holidays from 'date-holidays'

/** Vitoria-Gasteiz's own holidays ("fiestas locales"): San Prudencio, patron of Álava, and the Virgen Blanca. */
export const LOCAL_HOLIDAYS = { '04-28': 'San Prudencio', '08-05': 'Virgen Blanca' } as const

let calendar: Holidays | undefined
const byYear = new Map<number, Map<string, string>>()

/** The public holidays of one year, by day ('2026-12-08') with their names. */
export function holidaysOf(year: number): ReadonlyMap<string, string> {
  const known = byYear.get(year)
  if (known) return known
  if (!calendar) {
    calendar = new Holidays('ES', 'PV', { types: ['public'] })
    for (const [day, name] of Object.entries(LOCAL_HOLIDAYS)) calendar.setHoliday(day, { name, type: 'public' })
  }
  const days = new Map<string, string>()
  for (const holiday of calendar.getHolidays(year)) {
    if (holiday.type === 'public') days.set(holiday.date.slice(0, 10), holiday.name)
  }
  byYear.set(year, days)
  return days
}

/** Whether a calendar day ('2026-12-08') is a working day: Monday to Friday, and no public holiday. */
export function isWorkingDay(day: string): boolean {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number)
  const weekday = new Date(Date.UTC(year, month - 1, date)).getUTCDay()
  return weekday !== 0 && weekday !== 6 && !holidaysOf(year).has(day)
}
