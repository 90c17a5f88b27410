/**
 * What both Workers say of the shop: its name (the owner's prefilled
 * WhatsApp texts, the site's pages) and its hours, which the function counts
 * working time in (the 24 working-hour reminder) and the site shows.
 */

export const SHOP_NAME = 'Reparación Mandos Vitoria'

/** Monday to Friday, 9:00 to 20:00, Europe/Madrid: the shop's and its WhatsApp's hours. */
export const SHOP_HOURS = {
  /** ISO weekdays: 1 = Monday ... 5 = Friday. */
  days: [1, 2, 3, 4, 5],
  opens: 9,
  closes: 20,
  timeZone: 'Europe/Madrid',
} as const
