-- The customer's e-mails (docs/decisions/103): the outbox. A quote's e-mail is owed in the same transaction
-- as the event that causes it, one row per quote and event, so a repeated tap, post or sweep can never owe
-- it twice; a run holds it with a lease while it is sent; sent_at is written once the mail service took it.
-- A lost-link e-mail (the lookup by address) has no quote: quote_id NULL, event 'links'.
CREATE TABLE customer_emails (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  quote_id INTEGER,
  -- received | price:<version> | accepted:<version> | declined:<version> | in_workshop | ready | shipped |
  -- delivered | cancelled | links
  event TEXT NOT NULL,
  -- The address it goes to, as the customer typed it (a quote's e-mails go to the quote's address).
  recipient TEXT NOT NULL,
  owed_at INTEGER NOT NULL,
  -- Not sent before then: the shipment's e-mail waits for the carrier's number, a failed send for its backoff.
  due_at INTEGER NOT NULL,
  -- Recorded but never sent: 'sospecha' (a quote marked as possible spam), 'limite' (past 5 confirmations
  -- in 24 hours to one address). The owner's message says why the customer got nothing.
  skipped TEXT,
  attempts INTEGER NOT NULL DEFAULT 0,
  lease_owner TEXT,
  lease_until INTEGER,
  -- Sends whose outcome is unknown (the service did not answer in time, or the run died holding it):
  -- after one, the e-mail is tried at most once more.
  unknown INTEGER NOT NULL DEFAULT 0,
  sent_at INTEGER,
  -- Not sent, for good: the service refused the address, or two sends never answered.
  refused_at INTEGER,
  last_error TEXT,
  UNIQUE (quote_id, event)
);

CREATE INDEX customer_emails_por_enviar ON customer_emails (due_at, id)
  WHERE sent_at IS NULL AND refused_at IS NULL AND skipped IS NULL;
CREATE INDEX customer_emails_por_destinatario ON customer_emails (recipient COLLATE NOCASE, event, owed_at);

-- Erasing a quote (retention, /olvidar) erases what it owed and the record of what was sent.
CREATE TRIGGER presupuestos_borra_correos AFTER DELETE ON presupuestos
BEGIN
  DELETE FROM customer_emails WHERE quote_id = OLD.id;
END;

-- This machine's mailbox (EMAIL_DELIVERY = 'local'): every e-mail the function would have sent, as sent,
-- for GET /__correo. Nothing leaves the machine; production never writes here.
CREATE TABLE local_mailbox (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  sender TEXT NOT NULL,
  recipient TEXT NOT NULL,
  subject TEXT NOT NULL,
  text TEXT NOT NULL,
  html TEXT NOT NULL,
  -- The files it carried, as JSON ({filename, type, content}).
  attachments TEXT NOT NULL DEFAULT '[]',
  at INTEGER NOT NULL
);
