/**
 * One way to write a date and a time (app/shared/dates.ts), whatever the date: every test here runs under a
 * fake clock at the days that broke it before (a one-digit day or month) and at the changes of hour.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'

import { afterEach, describe, expect, it, vi } from 'vitest'

import { clock, isoDay, longDay, longDayTime, madridClock, numericDay, shortDateTime } from '~shared/dates'

import { emailLines, formatQuoteMessage } from '../../functions/enviar-telegram/chat/quote-message'
import { madridDayStart, workingMsBetween } from '../../functions/enviar-telegram/platform/working-hours'

/** Each instant with what Madrid's wall clock reads then. */
const DAYS = [
  // 1 January 2027, 00:05 in Madrid (winter, UTC+1): a new year, day and month of one digit.
  { at: Date.UTC(2026, 11, 31, 23, 5), short: '01/01 00:05', long: '1 de enero de 2027, 00:05', day: '01/01/2027' },
  // 9 September 2026, 09:07 (summer, UTC+2).
  { at: Date.UTC(2026, 8, 9, 7, 7), short: '09/09 09:07', long: '9 de septiembre de 2026, 09:07', day: '09/09/2026' },
  // 31 December 2026, 23:59.
  {
    at: Date.UTC(2026, 11, 31, 22, 59),
    short: '31/12 23:59',
    long: '31 de diciembre de 2026, 23:59',
    day: '31/12/2026',
  },
  // The last Sunday of March 2027: 01:59 CET, then the clock jumps from 02:00 to 03:00 CEST.
  { at: Date.UTC(2027, 2, 28, 0, 59), short: '28/03 01:59', long: '28 de marzo de 2027, 01:59', day: '28/03/2027' },
  { at: Date.UTC(2027, 2, 28, 1, 0), short: '28/03 03:00', long: '28 de marzo de 2027, 03:00', day: '28/03/2027' },
  // The last Sunday of October 2026: 02:30 happens twice, in summer time and then in winter time.
  { at: Date.UTC(2026, 9, 25, 0, 30), short: '25/10 02:30', long: '25 de octubre de 2026, 02:30', day: '25/10/2026' },
  { at: Date.UTC(2026, 9, 25, 1, 30), short: '25/10 02:30', long: '25 de octubre de 2026, 02:30', day: '25/10/2026' },
  // 1 December 2026, 21:03: the day CI went red.
  { at: Date.UTC(2026, 11, 1, 20, 3), short: '01/12 21:03', long: '1 de diciembre de 2026, 21:03', day: '01/12/2026' },
] as const

afterEach(() => {
  vi.useRealTimers()
})

describe('dates in Madrid', () => {
  it.each(DAYS)('writes $long one way: $short, $day', ({ at, short, long, day }) => {
    expect(shortDateTime(at)).toBe(short)
    expect(longDayTime(at)).toBe(long)
    expect(longDay(at)).toBe(long.replace(/, \d\d:\d\d$/, ''))
    expect(clock(at)).toBe(short.slice(-5))
    expect(numericDay(at)).toBe(day)
    expect(isoDay(at)).toBe(day.split('/').reverse().join('-'))
  })

  it('counts the day of the change of hour as 23 and 25 hours long', () => {
    const spring = madridDayStart(Date.UTC(2027, 2, 28, 12))
    const autumn = madridDayStart(Date.UTC(2026, 9, 25, 12))
    expect(madridDayStart(spring + 30 * 3_600_000) - spring).toBe(23 * 3_600_000)
    expect(madridDayStart(autumn + 30 * 3_600_000) - autumn).toBe(25 * 3_600_000)
    expect(madridClock(spring)).toMatchObject({ day: 28, month: 3, hour: 0, minute: 0, weekday: 7 })
  })

  it('counts working hours across the change of hour as on any other week', () => {
    // Friday 26 March 2027 19:00 to Monday 29 March 2027 10:00 (Madrid): 1 h on Friday, 1 h on Monday.
    expect(workingMsBetween(Date.UTC(2027, 2, 26, 18), Date.UTC(2027, 2, 29, 8))).toBe(2 * 3_600_000)
  })
})

describe('the owner’s message under a fake clock', () => {
  const quote = {
    id: 7,
    referencia: 'P-7K3Q',
    tipo: 'mando' as const,
    modelo: 'PlayStation 5 DualSense',
    comentarios: 'El stick izquierdo se mueve solo',
    email: 'cliente@example.com',
    telefono: '612345678',
    sospecha: null,
  }
  const email = (event: string, at: number) => ({
    event,
    recipient: 'cliente@example.com',
    owed_at: at - 60_000,
    due_at: at - 60_000,
    sent_at: at,
    attempts: 1,
    unknown: 0,
    refused_at: null,
    skipped: null,
  })

  it.each(DAYS)('shows every time of $long as $short', ({ at, short }) => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(at)
    const now = Date.now()
    const text = formatQuoteMessage(
      { ...quote, received_at: now },
      { steps: [{ state: 'answered', at: now, by: 'Ana' }] },
    )
    expect(text).toContain(`Recibida: ${short} (hora de Madrid)`)
    expect(text).toContain(`✅ Atendida por Ana · ${short}`)
    const [line] = emailLines(quote, [email('received', now) as never])
    expect(line).toBe(`📧 Al cliente: confirmación ✓ ${short}`)
  })
})

describe('no locale patterns', () => {
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name)
      return statSync(path).isDirectory() ? files(path) : /\.tsx?$/.test(name) ? [path] : []
    })

  it('formats dates only in app/shared/dates.ts, never by the runtime’s Spanish data', () => {
    const offenders = [...files('app'), ...files('functions')]
      .filter((path) => !path.endsWith(join('app', 'shared', 'dates.ts')))
      .filter((path) => /Intl\.DateTimeFormat|toLocale(Date|Time)?String\(/.test(readFileSync(path, 'utf8')))
    expect(offenders).toEqual([])
  })
})
