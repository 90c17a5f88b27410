import { describe, expect, it } from 'vitest'

import { COUNTER_METHODS } from '~shared/payment'
import { TRACKING_STATES } from '~shared/tracking'

import {
  ALL_BUTTONS,
  BUTTONS,
  CALLBACK_DATA_MAX_BYTES,
  type StepTarget,
} from '../../functions/enviar-telegram/chat/callback-data'

/** The largest id a button may carry (12 digits), and the largest amount (7 digits). */
const BIGGEST_ID = 999_999_999_999
const BIGGEST_CENTS = 9_999_999
const STEPS = TRACKING_STATES.filter((state): state is StepTarget => state !== 'received' && state !== 'answered')

/** Every button's data for `id`, each field at every value it takes. */
const everyData = (id: number, cents: number) => [
  BUTTONS.answered.encode(id),
  BUTTONS.spam.encode(id),
  BUTTONS.pending.encode(id),
  ...STEPS.map((to) => BUTTONS.step.encode(id, to)),
  ...TRACKING_STATES.map((from) => BUTTONS.back.encode(id, from)),
  BUTTONS.price.encode(id),
  BUTTONS.fullQuote.encode(id),
  BUTTONS.awaiting.encode(id),
  BUTTONS.heldBack.encode(id),
  BUTTONS.withdrawal.encode(id),
  BUTTONS.withdrawalConfirmed.encode(id),
  BUTTONS.withdrawalCancelled.encode(id),
  BUTTONS.counter.encode(id),
  ...COUNTER_METHODS.map((method) => BUTTONS.counterMethod.encode(id, method, cents)),
  BUTTONS.confirming.encode(id),
  BUTTONS.refund.encode(id),
]

describe("the owner's buttons (chat/callback-data.ts)", () => {
  it('write the shapes the chat already carries, prefix by prefix', () => {
    expect(everyData(7, 4500)).toContain('paso:7:repairing')
    expect(BUTTONS.step.encode(7, 'shipped')).toBe('paso:7:shipped')
    expect(BUTTONS.back.encode(7, 'in_workshop')).toBe('atras:7:in_workshop')
    expect(BUTTONS.counterMethod.encode(7, 'bizum', 4500)).toBe('cobro:7:bizum:4500')
    expect(ALL_BUTTONS.map((button) => button.prefix)).toEqual([
      'atendida',
      'spam',
      'pendiente',
      'paso',
      'atras',
      'precio',
      'completo',
      'espera',
      'bloqueo',
      'desiste',
      'desiste-si',
      'desiste-no',
      'cobrado',
      'cobro',
      'confirmando',
      'reembolsar',
    ])
  })

  it('are all written here (each test below covers every button)', () => {
    const written = new Set(everyData(7, 4500).map((data) => data.split(':')[0]))
    expect([...written]).toEqual(ALL_BUTTONS.map((button) => button.prefix))
  })

  it('read back what they wrote, and only their own button reads it', () => {
    for (const data of everyData(42, 4500)) {
      const readers = ALL_BUTTONS.filter((button) => button.decode(data) !== null)
      expect(readers.map((button) => button.prefix)).toEqual([data.split(':')[0]])
    }
    expect(BUTTONS.answered.decode('atendida:42')).toEqual([42])
    expect(BUTTONS.step.decode('paso:42:repairing')).toEqual([42, 'repairing'])
    expect(BUTTONS.back.decode('atras:42:received')).toEqual([42, 'received'])
    expect(BUTTONS.counterMethod.decode('cobro:42:card:4500')).toEqual([42, 'card', 4500])
    expect(BUTTONS.withdrawalConfirmed.decode('desiste-si:42')).toEqual([42])
    expect(BUTTONS.withdrawal.decode('desiste-si:42')).toBeNull()
  })

  it('fit in Telegram’s 64 bytes at the largest id and amount', () => {
    for (const data of everyData(BIGGEST_ID, BIGGEST_CENTS))
      expect(new TextEncoder().encode(data).length, data).toBeLessThanOrEqual(CALLBACK_DATA_MAX_BYTES)
    for (const data of everyData(BIGGEST_ID, BIGGEST_CENTS))
      expect(ALL_BUTTONS.some((button) => button.decode(data) !== null)).toBe(true)
  })

  it('refuse junk: another shape, a field out of its range, extra or missing parts', () => {
    const junk = [
      '',
      'atendida',
      'atendida:',
      ':1',
      'atendida:1:2',
      'atendida:1 ',
      ' atendida:1',
      'atendida:-1',
      'atendida:1e3',
      'atendida:x',
      'atendida:1234567890123',
      'atendida:٢٥',
      'atendida:1\n',
      'ATENDIDA:1',
      'paso:1',
      'paso:1:received',
      'paso:1:answered',
      'paso:1:x',
      'paso:1:repairing:2',
      'atras::',
      'atras:1:',
      'atras:1:' + 'received'.repeat(3),
      'cobro:1:cash',
      'cobro:1:cheque:4500',
      'cobro:1:cash:12345678',
      'cobro:1:cash:-5',
      'desiste-quizá:1',
      'x'.repeat(64),
    ]
    for (const data of junk)
      expect(
        ALL_BUTTONS.filter((button) => button.decode(data) !== null),
        data,
      ).toEqual([])
  })

  it('read an id with a leading zero, as the handlers always did', () => {
    expect(BUTTONS.spam.decode('spam:01')).toEqual([1])
  })
})
