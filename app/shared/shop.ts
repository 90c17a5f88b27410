/**
 * What both Workers say of the shop: its name and area (the owner's prefilled
 * WhatsApp texts, the site's pages) and its hours, which the function counts
 * working time in (the 24 working-hour reminder) and the site shows.
 */

export const SHOP_NAME = 'Reparación Mandos Vitoria'

/** Where the shop is: the area of its workshop (the street comes from SHOP_SHIPPING_ADDRESS, a setting). */
export const SHOP_AREA = {
  barrio: 'Lakua',
  ciudad: 'Vitoria-Gasteiz',
  codigoPostal: '01010',
  provincia: 'Álava',
  pais: 'ES',
} as const

/** The area on one line: "Lakua, Vitoria-Gasteiz, 01010". */
export const SHOP_AREA_LINE = `${SHOP_AREA.barrio}, ${SHOP_AREA.ciudad}, ${SHOP_AREA.codigoPostal}`

/** Monday to Friday, 9:00 to 20:00, Europe/Madrid: the shop's and its WhatsApp's hours. */
export const SHOP_HOURS = {
  /** ISO weekdays: 1 = Monday ... 5 = Friday. */
  days: [1, 2, 3, 4, 5],
  opens: 9,
  closes: 20,
  timeZone: 'Europe/Madrid',
} as const

const DAY_NAMES = ['domingo', 'lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado'] as const
const DAY_LETTERS = ['D', 'L', 'M', 'X', 'J', 'V', 'S'] as const

/** The hours in words, from the figures above (a run of days): the pages never restate them. */
export function hoursInWords({ days, opens, closes }: { days: readonly number[]; opens: number; closes: number }) {
  const first = days[0] ?? 1
  const last = days.at(-1) ?? first
  const name = (day: number) => DAY_NAMES[day % 7] ?? ''
  const letter = (day: number) => DAY_LETTERS[day % 7] ?? ''
  const from = `${opens}:00`
  const to = `${closes}:00`
  const long = first === last ? name(first) : `${name(first)} a ${name(last)}`
  return {
    long: `${long.charAt(0).toUpperCase()}${long.slice(1)} de ${from} a ${to}`,
    short: `${first === last ? letter(first) : `${letter(first)}-${letter(last)}`} ${from}-${to}`,
  }
}
