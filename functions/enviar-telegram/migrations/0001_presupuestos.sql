-- Every quote the function accepts, from the moment it answers success until retention erases it.
-- The quote's fields keep the form's Spanish names; delivery bookkeeping is English. Times are epoch milliseconds.
CREATE TABLE presupuestos (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  referencia TEXT NOT NULL UNIQUE,
  idempotency_key TEXT UNIQUE,
  tipo TEXT NOT NULL,
  modelo TEXT NOT NULL,
  comentarios TEXT,
  email TEXT NOT NULL,
  telefono TEXT NOT NULL,
  sospecha TEXT,
  received_at INTEGER NOT NULL,
  -- Delivery to Telegram: pending while sent_at is NULL.
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at INTEGER NOT NULL,
  lease_owner TEXT,
  lease_until INTEGER,
  last_error TEXT,
  sent_at INTEGER,
  telegram_message_id INTEGER,
  -- The e-mail copy to the shop (Telegram refused for good, or 30 minutes without delivery).
  emailed_at INTEGER,
  -- The owner's inbox.
  attended_at INTEGER,
  attended_by TEXT,
  spam_at INTEGER,
  spam_by TEXT,
  reminded_at INTEGER
);

CREATE INDEX presupuestos_por_enviar ON presupuestos (next_attempt_at) WHERE sent_at IS NULL;
CREATE INDEX presupuestos_por_atender ON presupuestos (received_at) WHERE attended_at IS NULL AND spam_at IS NULL;
CREATE INDEX presupuestos_por_email ON presupuestos (email COLLATE NOCASE);
