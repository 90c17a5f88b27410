-- The owner's notice of a customer's answer is delivered like a quote (docs/decisions/086, amended): a run
-- holds it with a lease while it is sent, notified_at is written only once Telegram took it, and the sweep
-- retries what a refusal, an unknown outcome or a dead run left; a send after one of unknown outcome is
-- marked as a possible repeat.
ALTER TABLE quote_offers ADD COLUMN notice_lease_owner TEXT;
ALTER TABLE quote_offers ADD COLUMN notice_lease_until INTEGER;
ALTER TABLE quote_offers ADD COLUMN notice_attempts INTEGER NOT NULL DEFAULT 0;
ALTER TABLE quote_offers ADD COLUMN notice_next_at INTEGER;
ALTER TABLE quote_offers ADD COLUMN notice_ambiguous INTEGER NOT NULL DEFAULT 0;

-- The bot's other messages about a quote (the price prompt, the price's confirmation, the notice of the
-- customer's answer, the shipment's prompt and confirmation): /olvidar deletes them with the quote's own.
CREATE TABLE quote_messages (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  quote_id INTEGER NOT NULL,
  message_id INTEGER NOT NULL,
  kind TEXT NOT NULL,
  at INTEGER NOT NULL
);

CREATE INDEX quote_messages_por_presupuesto ON quote_messages (quote_id);

-- Erasing a quote (retention, /olvidar) erases the record of its messages with it.
CREATE TRIGGER presupuestos_borra_mensajes AFTER DELETE ON presupuestos
BEGIN
  DELETE FROM quote_messages WHERE quote_id = OLD.id;
END;
