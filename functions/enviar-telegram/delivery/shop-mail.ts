/**
 * One e-mail to the shop (SHOP_EMAIL), sent within a bound: the e-mail copy of a quote or of an owner's
 * notice, an incident's alarm. A send that does not answer in time may still succeed: its late outcome is
 * handed to `late`, kept alive by the run's waitUntil.
 */
import { classifyMailError, type MailError } from '../email/mail-errors'
import type { Mailer, OutgoingEmail } from '../email/mailer'
import { type DeliveryDeps, wait } from './deps'

/** An e-mail to the shop may take this long before its outcome counts as unknown (and it is tried again later, marked). */
export const EMAIL_TIMEOUT_S = 10

export type ShopMailOutcome = { sent: true } | { sent: false; error: MailError } | 'timeout'

/** Sends `email` with `mailer`, waiting EMAIL_TIMEOUT_S at most; after a timeout, `late` gets what came of it. */
export async function mailWithin(
  mailer: Mailer,
  email: OutgoingEmail,
  deps: DeliveryDeps,
  late: (outcome: Exclude<ShopMailOutcome, 'timeout'>) => Promise<void>,
): Promise<ShopMailOutcome> {
  const sending = mailer(email).then(
    () => ({ sent: true as const }),
    (error: unknown) => ({ sent: false as const, error: classifyMailError(error) }),
  )
  const stopWaiting = new AbortController()
  const timeout = (deps.wait ?? wait)(EMAIL_TIMEOUT_S * 1000, stopWaiting.signal).then(() => 'timeout' as const)
  const outcome = await Promise.race([sending, timeout]).finally(() => stopWaiting.abort())
  if (outcome === 'timeout') {
    const settled = sending.then(late)
    if (deps.waitUntil) deps.waitUntil(settled.catch(() => undefined))
    else void settled.catch(() => undefined)
  }
  return outcome
}
