/**
 * What delivery may be given, in tests and in a run: a fake Telegram's fetch, a clock, a wait, the run's
 * waitUntil. Every part of the sweep takes these.
 */
import type { TelegramDeps } from '../platform/telegram'

export interface Clock {
  now: () => number
}

export interface DeliveryDeps extends TelegramDeps, Partial<Clock> {
  /** The quote came to this machine (npm start, the tests): without a bot token the terminal is the chat. */
  local?: boolean
  /** Keeps the run alive for work that outlasts it (an e-mail send that timed out but may still succeed). */
  waitUntil?: (promise: Promise<unknown>) => void
  /** Resolves after `ms` unless `signal` aborts first (tests pass one they resolve by hand). */
  wait?: (ms: number, signal: AbortSignal) => Promise<void>
}

export const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms)
    signal.addEventListener('abort', () => clearTimeout(timer))
  })
