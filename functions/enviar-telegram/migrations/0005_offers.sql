-- The shop's price for a quote and the customer's answer (docs/decisions/086): every price the owner
-- sends is a new version, kept; the customer decides on the latest one from his tracking page.
CREATE TABLE quote_offers (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  quote_id INTEGER NOT NULL,
  version INTEGER NOT NULL,
  amount_cents INTEGER NOT NULL,
  -- The owner's note, shown to the customer.
  note TEXT,
  at INTEGER NOT NULL,
  by TEXT,
  expires_at INTEGER NOT NULL,
  -- 1: a price revised after the workshop looked at the device.
  revised INTEGER NOT NULL DEFAULT 0,
  -- accepted | declined, with one of the fixed reasons of a decline, once the customer answered.
  decision TEXT,
  reason TEXT,
  decided_at INTEGER,
  -- When the owner's chat was told of the decision (the sweep retries until it is).
  notified_at INTEGER,
  UNIQUE (quote_id, version)
);

CREATE INDEX quote_offers_sin_avisar ON quote_offers (decided_at) WHERE notified_at IS NULL;

-- Erasing a quote (retention, /olvidar) erases its offers and decisions with it.
CREATE TRIGGER presupuestos_borra_ofertas AFTER DELETE ON presupuestos
BEGIN
  DELETE FROM quote_offers WHERE quote_id = OLD.id;
END;
