// Apart from tracking.ts, which the browser's bundle reads (the private prefix): this one brings zod.
import * as z from 'zod/mini'

import { DECLINE_REASON_KEYS, OFFER_LIMITS, OFFER_STATUSES } from './offer'
import { PAYMENT_CHANNELS, PAYMENT_LIST_MAX, PAYMENT_METHOD_KEYS, PAYMENT_STATUSES } from './payment'
import { QUOTE_LIMITS, QUOTE_TYPES } from './quote'
import { TRACKING_STATES } from './tracking'
import { PARTS_KEYS, WRITTEN_LIMITS } from './written-quote'

/**
 * What the function's tracking endpoint answers of a quote, and the site
 * checks before showing it: what the tracking page may show, never the
 * customer's contact.
 */
export const TrackingSchema = z.object({
  referencia: z.string().check(z.minLength(1), z.maxLength(24)),
  tipo: z.enum(QUOTE_TYPES),
  modelo: z.string().check(z.minLength(1), z.maxLength(QUOTE_LIMITS.modelo)),
  state: z.enum(TRACKING_STATES),
  /** Every state reached, oldest first; the first is 'received', the last is `state`. */
  history: z
    .array(z.object({ state: z.enum(TRACKING_STATES), at: z.int().check(z.nonnegative()) }))
    .check(z.minLength(1), z.maxLength(100)),
  /** The carrier and tracking number of the way back, once shipped; null (or left out) before. */
  shipment: z.optional(z.nullable(z.string().check(z.maxLength(200)))),
  /** The shop's latest price and where it stands; null (or left out) before the first. */
  offer: z.optional(
    z.nullable(
      z.object({
        version: z.int().check(z.minimum(1)),
        amountCents: z.int().check(z.minimum(OFFER_LIMITS.minCents), z.maximum(OFFER_LIMITS.maxCents)),
        note: z.nullable(z.string().check(z.maxLength(OFFER_LIMITS.noteChars * 2))),
        at: z.int().check(z.nonnegative()),
        expiresAt: z.int().check(z.nonnegative()),
        revised: z.boolean(),
        status: z.enum(OFFER_STATUSES),
        reason: z.nullable(z.enum(DECLINE_REASON_KEYS)),
        decidedAt: z.nullable(z.int().check(z.nonnegative())),
        /** The written quote (docs/decisions/105): what it carries besides the amount; null for an older price. */
        written: z.optional(
          z.nullable(
            z.object({
              work: z.string().check(z.maxLength(WRITTEN_LIMITS.workChars * 2)),
              parts: z.enum(PARTS_KEYS),
              partsCents: z.nullable(z.int().check(z.nonnegative(), z.maximum(WRITTEN_LIMITS.maxCents))),
              labourCents: z.nullable(z.int().check(z.nonnegative(), z.maximum(WRITTEN_LIMITS.maxCents))),
              repairDays: z.int().check(z.minimum(1), z.maximum(WRITTEN_LIMITS.repairDays)),
              shippingCents: z.int().check(z.nonnegative(), z.maximum(WRITTEN_LIMITS.maxCents)),
              listedCents: z.nullable(z.int().check(z.nonnegative(), z.maximum(WRITTEN_LIMITS.maxCents))),
              priceReason: z.nullable(z.string().check(z.maxLength(WRITTEN_LIMITS.reasonChars * 2))),
            }),
          ),
        ),
        termsVersion: z.optional(z.nullable(z.string().check(z.maxLength(40)))),
        /** On an accepted price: he asked that the repair start within the withdrawal period. */
        expressRequest: z.optional(z.boolean()),
      }),
    ),
  ),
  /**
   * While he may withdraw from the contract (14 days, the last one rolled to a working day, the repair not
   * finished): until when, and the address its acknowledgement goes to, masked (`m•••@example.com`); else null.
   */
  withdrawal: z.optional(
    z.nullable(
      z.object({
        until: z.int().check(z.nonnegative()),
        receipt: z.optional(z.string().check(z.maxLength(300))),
      }),
    ),
  ),
  /** Whether the shop takes payments online (the function has STRIPE_SECRET_KEY): the terms say how one pays. */
  onlinePayment: z.optional(z.boolean()),
  /** The payment of the accepted price (docs/decisions/122): null (or left out) before a price is accepted. */
  payment: z.optional(
    z.nullable(
      z.object({
        status: z.enum(PAYMENT_STATUSES),
        /** What is still due, in cents (0 once paid). */
        dueCents: z.int().check(z.nonnegative(), z.maximum(OFFER_LIMITS.maxCents)),
        /** 'Pagar' is offered (Stripe Checkout), and where its form goes (the page's form-action). */
        online: z.boolean(),
        checkoutOrigin: z.nullable(z.string().check(z.maxLength(200))),
        paid: z
          .array(
            z.object({
              amountCents: z.int().check(z.minimum(1), z.maximum(OFFER_LIMITS.maxCents)),
              at: z.int().check(z.nonnegative()),
              method: z.nullable(z.enum(PAYMENT_METHOD_KEYS)),
              channel: z.enum(PAYMENT_CHANNELS),
            }),
          )
          .check(z.maxLength(PAYMENT_LIST_MAX)),
        /** A payment Stripe is still confirming (a method that confirms later), its amount. */
        confirmingCents: z.nullable(z.int().check(z.nonnegative())),
        /** The latest attempt failed (after the last payment): when. */
        failedAt: z.nullable(z.int().check(z.nonnegative())),
        refunds: z
          .array(
            z.object({
              amountCents: z.int().check(z.minimum(1), z.maximum(OFFER_LIMITS.maxCents)),
              at: z.int().check(z.nonnegative()),
              done: z.boolean(),
            }),
          )
          .check(z.maxLength(PAYMENT_LIST_MAX)),
      }),
    ),
  ),
})

export type Tracking = z.infer<typeof TrackingSchema>
