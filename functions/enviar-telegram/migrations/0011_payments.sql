-- Payments (docs/decisions/122-124): what the customer paid for his accepted price, online through Stripe
-- Checkout or at the counter, the refunds, and Stripe's events seen. A payment is recorded from Stripe's
-- signed word only (a verified webhook, or the API read by the sweep or on the customer's return), once.
--
-- These rows are the shop's accounting (Código de Comercio art. 30: six years): they name the quote by its
-- reference and keep no contact data, and nothing erases them with their quote (no trigger): retention
-- keeps them six years (privacy/retention.ts). Times are epoch milliseconds.

-- One row per Checkout Session the shop created (channel 'online'), or per payment the owner recorded at
-- the counter (channel 'counter').
CREATE TABLE payments (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  quote_id INTEGER NOT NULL,
  referencia TEXT NOT NULL,
  -- The accepted price's version it pays.
  offer_version INTEGER NOT NULL,
  -- What the shop asked for: the accepted amount still owed when it was created; only that amount pays it.
  amount_cents INTEGER NOT NULL,
  currency TEXT NOT NULL DEFAULT 'eur',
  channel TEXT NOT NULL,
  -- open (a session the customer may pay; session_id NULL while it is being created), processing (paid
  -- with a method that confirms later, e.g. Bizum), paid, expired, failed, mismatch (Stripe's word did not
  -- fit what was asked: the owner is told).
  status TEXT NOT NULL,
  -- A random part of the Stripe idempotency keys of this row: the same key for every retry of one call.
  idem TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  -- The Checkout Session: its id, the page the customer pays on, and when Stripe closes it.
  session_id TEXT UNIQUE,
  session_url TEXT,
  session_expires_at INTEGER,
  -- When the sweep asks Stripe about an open or processing session next (reconciliation, 15 minutes on).
  check_at INTEGER,
  checked_at INTEGER,
  paid_at INTEGER,
  -- card, bizum, apple_pay, google_pay, link, cash (counter only), other; NULL while unknown.
  method TEXT,
  payment_intent TEXT,
  -- Who recorded it: 'stripe', or the owner's name for a counter payment.
  recorded_by TEXT,
  -- Why a mismatch or a failure, in a few words (never the customer's data).
  detail TEXT,
  -- The owner's notice of what happened (paid, failed, mismatch), delivered like the answer's
  -- (delivery/notices.ts): due since notice_due_at, told at notified_at.
  notice_due_at INTEGER,
  notified_at INTEGER,
  notice_lease_owner TEXT,
  notice_lease_until INTEGER,
  notice_attempts INTEGER NOT NULL DEFAULT 0,
  notice_next_at INTEGER,
  notice_ambiguous INTEGER NOT NULL DEFAULT 0
);

-- One session at a time per quote: a second 'Pagar' reuses it (or it is expired first), never a second charge.
CREATE UNIQUE INDEX payments_una_abierta ON payments (quote_id) WHERE status IN ('open', 'processing');
CREATE INDEX payments_por_presupuesto ON payments (quote_id, id);
CREATE INDEX payments_por_comprobar ON payments (check_at) WHERE status IN ('open', 'processing');
CREATE INDEX payments_sin_avisar ON payments (notice_due_at) WHERE notified_at IS NULL AND notice_due_at IS NOT NULL;
CREATE INDEX payments_por_fecha ON payments (created_at);

-- Refunds: the whole amount when the customer withdraws before the device is in the workshop (reason
-- 'withdrawal', at once), or the part the owner decides ('owner', '💸 Reembolsar'). Each is one Stripe
-- refund of one payment, made with one idempotency key however often it is retried.
CREATE TABLE refunds (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  payment_id INTEGER NOT NULL,
  quote_id INTEGER NOT NULL,
  referencia TEXT NOT NULL,
  amount_cents INTEGER NOT NULL,
  reason TEXT NOT NULL,
  idem TEXT NOT NULL,
  requested_at INTEGER NOT NULL,
  requested_by TEXT,
  -- pending (to be sent to Stripe), done (Stripe took it), refused (Stripe said no), failed (Stripe took it,
  -- then told it failed).
  status TEXT NOT NULL DEFAULT 'pending',
  stripe_refund_id TEXT UNIQUE,
  done_at INTEGER,
  attempts INTEGER NOT NULL DEFAULT 0,
  next_at INTEGER NOT NULL,
  lease_owner TEXT,
  lease_until INTEGER,
  -- Calls whose outcome is unknown (no answer in time): the next one first asks Stripe whether it went.
  unknown INTEGER NOT NULL DEFAULT 0,
  last_error TEXT,
  notice_due_at INTEGER,
  notified_at INTEGER,
  notice_lease_owner TEXT,
  notice_lease_until INTEGER,
  notice_attempts INTEGER NOT NULL DEFAULT 0,
  notice_next_at INTEGER,
  notice_ambiguous INTEGER NOT NULL DEFAULT 0
);

-- A withdrawal refunds each payment once.
CREATE UNIQUE INDEX refunds_un_desistimiento ON refunds (payment_id) WHERE reason = 'withdrawal';
CREATE INDEX refunds_por_pago ON refunds (payment_id);
CREATE INDEX refunds_por_enviar ON refunds (next_at) WHERE status = 'pending';
CREATE INDEX refunds_sin_avisar ON refunds (notice_due_at) WHERE notified_at IS NULL AND notice_due_at IS NOT NULL;
CREATE INDEX refunds_por_fecha ON refunds (requested_at);

-- Stripe's events, each recorded once (a redelivery, even a concurrent one, changes nothing); kept 30 days,
-- past Stripe's three days of retries.
CREATE TABLE stripe_events (
  id TEXT PRIMARY KEY,
  type TEXT NOT NULL,
  received_at INTEGER NOT NULL
);

CREATE INDEX stripe_events_por_fecha ON stripe_events (received_at);

-- A withdrawal recorded before the device was in the workshop refunds every online payment of the quote in
-- whole, owed in the withdrawal's own transaction, whichever way it is recorded (payments/refunds.ts sends it).
CREATE TRIGGER desistimiento_reembolsa AFTER UPDATE OF withdrawn_at ON quote_offers
WHEN OLD.withdrawn_at IS NULL AND NEW.withdrawn_at IS NOT NULL
BEGIN
  INSERT OR IGNORE INTO refunds (payment_id, quote_id, referencia, amount_cents, reason, idem, requested_at, requested_by, next_at)
  SELECT p.id, p.quote_id, p.referencia,
    p.amount_cents - COALESCE((SELECT SUM(r.amount_cents) FROM refunds r WHERE r.payment_id = p.id AND r.status IN ('pending', 'done')), 0),
    'withdrawal', lower(hex(randomblob(10))), NEW.withdrawn_at, 'desistimiento', NEW.withdrawn_at
  FROM payments p
  WHERE p.quote_id = NEW.quote_id AND p.status = 'paid' AND p.channel = 'online'
    AND NOT EXISTS (SELECT 1 FROM quote_states s WHERE s.quote_id = NEW.quote_id AND s.state = 'in_workshop' AND s.undone_at IS NULL)
    AND p.amount_cents > COALESCE((SELECT SUM(r.amount_cents) FROM refunds r WHERE r.payment_id = p.id AND r.status IN ('pending', 'done')), 0);
END;
