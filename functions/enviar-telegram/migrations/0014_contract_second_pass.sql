-- The contract, second pass (docs/decisions/132-135): the parties named, the device's serial number, a
-- withdrawal the owner records, the owner told once of an acceptance whose confirmation could not be
-- e-mailed, and the five-year record of each contract. Additive, as every migration
-- (test/unit/migrations.test.ts).

-- The customer's full name and postal address, written on accepting a price (the latest he gave): personal
-- data like the e-mail and the phone, erased with the quote.
ALTER TABLE presupuestos ADD COLUMN customer_name TEXT;
ALTER TABLE presupuestos ADD COLUMN customer_address TEXT;
-- The device's serial number, as the owner typed it when it came into the workshop (optional).
ALTER TABLE presupuestos ADD COLUMN serial TEXT;

-- Who recorded a withdrawal: NULL the customer on his tracking page; 'taller' the owner, for one that came
-- by e-mail, letter or at the counter.
ALTER TABLE quote_offers ADD COLUMN withdrawn_by TEXT;

-- An acceptance's confirmation refused for good: when the owner's chat was told (one notice), and the run
-- telling it until when (a lease that expires by itself).
ALTER TABLE customer_emails ADD COLUMN owner_told_at INTEGER;
ALTER TABLE customer_emails ADD COLUMN owner_told_lease INTEGER;
-- Refusals from before: the owner's message already said them.
UPDATE customer_emails SET owner_told_at = refused_at WHERE refused_at IS NOT NULL;
CREATE INDEX customer_emails_rechazo_sin_avisar ON customer_emails (refused_at)
  WHERE refused_at IS NOT NULL AND owner_told_at IS NULL AND substr(event, 1, 9) = 'accepted:';

-- The minimal record of each contract (LOPDGDD art. 32), kept blocked five years after its last step while
-- the quote itself is erased at QUOTE_RETENTION_DAYS: no trigger erases it with the quote, and it holds no
-- name, address, e-mail or phone. One row per accepted price: the quote by its reference and the time it
-- was received (a reference may be drawn again once its quote is erased).
CREATE TABLE contract_records (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  referencia TEXT NOT NULL,
  quote_received_at INTEGER NOT NULL,
  offer_version INTEGER NOT NULL,
  -- The price accepted: its total and its split, the advertised price of a listed service, when it was sent
  -- and until when it held.
  amount_cents INTEGER NOT NULL,
  parts_cents INTEGER,
  labour_cents INTEGER,
  shipping_cents INTEGER,
  listed_cents INTEGER,
  offered_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  -- The acceptance: when, the terms' version he accepted, and his express request to start within the
  -- withdrawal period (1).
  accepted_at INTEGER NOT NULL,
  terms_version TEXT,
  express_request INTEGER NOT NULL DEFAULT 0,
  -- The withdrawal: when, and who recorded it (NULL the customer's page, 'taller' the owner).
  withdrawn_at INTEGER,
  withdrawn_by TEXT,
  -- The payments, for the payment code to fill in (Stripe's signed word only): the amount paid, when, how
  -- ('tarjeta', 'taller'…), Stripe's ids; a refund likewise.
  paid_cents INTEGER,
  paid_at INTEGER,
  payment_method TEXT,
  stripe_session_id TEXT,
  stripe_payment_intent TEXT,
  refunded_cents INTEGER,
  refunded_at INTEGER,
  stripe_refund_id TEXT,
  -- The contract's last step (a state of the repair, the withdrawal, a payment) and when: the five years run
  -- from it.
  last_step TEXT NOT NULL,
  last_step_at INTEGER NOT NULL,
  UNIQUE (referencia, quote_received_at, offer_version)
);

CREATE INDEX contract_records_por_ultimo_paso ON contract_records (last_step_at);
