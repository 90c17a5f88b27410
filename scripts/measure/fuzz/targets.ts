// The fuzz targets, one module each, fuzzed in this order (index.ts runs them; docs/scripts.md names each by its
// setting). A new form to fuzz is a module with a generator of its requests (like site.ts: a valid or mutated
// post, recorded with `send` under its row's name) and its row, listed here.
import { contractTarget } from './contract'
import { functionTarget } from './function'
import { inboxTarget } from './inbox'
import type { FuzzTarget } from './record'
import { siteTarget } from './site'
import { stripeTarget } from './stripe'
import { trackingTarget } from './tracking'
import { webhookTarget } from './webhook'

export const TARGETS = [
  siteTarget,
  functionTarget,
  webhookTarget,
  trackingTarget,
  contractTarget,
  stripeTarget,
  inboxTarget,
] as const satisfies readonly FuzzTarget[]
