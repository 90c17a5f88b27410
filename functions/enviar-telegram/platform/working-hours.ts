/**
 * Working-time arithmetic for the shop's hours (app/shared/shop.ts:
 * Monday to Friday 9:00 to 20:00, Europe/Madrid) across days, weekends and
 * daylight-saving changes. Public holidays are not known and count as working
 * days: a reminder a day early is better than a promise broken.
 */
import { madridClock } from '~shared/dates'
import { SHOP_HOURS } from '~shared/shop'

const { days: OPEN_DAYS, opens: OPENS, closes: CLOSES } = SHOP_HOURS
const HOUR = 3_600_000
const DAY = 24 * HOUR

const local = madridClock

/** Madrid's offset from UTC at an instant (+1 h in winter, +2 h in summer). */
function offset(ms: number): number {
  const l = local(ms)
  return Date.UTC(l.year, l.month - 1, l.day, l.hour, l.minute, l.second) - Math.floor(ms / 1000) * 1000
}

/** The instant of a Madrid wall-clock time (hours far from the 2:00-3:00 change, as 9:00 and 20:00 are). */
function instant(year: number, month: number, day: number, hour: number): number {
  const guess = Date.UTC(year, month - 1, day, hour)
  return guess - offset(guess - offset(guess))
}

const isOpenDay = (weekday: number) => (OPEN_DAYS as readonly number[]).includes(weekday)

/** Whether the shop is open (its WhatsApp hours) at an instant. */
export function isWorkingTime(ms: number): boolean {
  const l = local(ms)
  return isOpenDay(l.weekday) && l.hour >= OPENS && l.hour < CLOSES
}

/** The instant the Madrid calendar day of `ms` began (00:00 local). */
export function madridDayStart(ms: number): number {
  const l = local(ms)
  return instant(l.year, l.month, l.day, 0)
}

/**
 * Working milliseconds between two instants; with `enough`, it stops
 * counting once that much is reached (the answer is then at least `enough`).
 */
export function workingMsBetween(from: number, to: number, enough = Infinity): number {
  if (to <= from) return 0
  let total = 0
  // One Madrid day at a time, from the day of `from` to the day of `to`.
  for (let cursor = from; ;) {
    const l = local(cursor)
    if (isOpenDay(l.weekday)) {
      const open = instant(l.year, l.month, l.day, OPENS)
      const close = instant(l.year, l.month, l.day, CLOSES)
      total += Math.max(0, Math.min(close, to) - Math.max(open, from))
    }
    const nextDay = instant(l.year, l.month, l.day, 12) + DAY // noon tomorrow: safe across DST
    const n = local(nextDay)
    cursor = instant(n.year, n.month, n.day, 0)
    if (cursor >= to || total >= enough) break
  }
  return total
}

/**
 * The working day `days` working days after the day of `ms` (open days only, the day itself not counted),
 * as an instant at its closing time: the expected date a deposit receipt states (RD 58/1988 art. 3.11).
 */
export function afterWorkingDays(ms: number, days: number): number {
  let l = local(ms)
  for (let left = days; left > 0;) {
    const next = local(instant(l.year, l.month, l.day, 12) + DAY)
    l = next
    if (isOpenDay(l.weekday)) left--
  }
  return instant(l.year, l.month, l.day, CLOSES)
}
