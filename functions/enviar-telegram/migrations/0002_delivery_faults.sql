-- Delivery under faults (docs/decisions/053 and 054).

-- Sends whose outcome is unknown (a timeout, a dropped connection, a 5xx after Telegram may have
-- posted): every later send of the quote is marked as a possible repeat.
ALTER TABLE presupuestos ADD COLUMN ambiguous_attempts INTEGER NOT NULL DEFAULT 0;

-- The e-mail copy: emailed_at is written only once the send succeeded. A run holds the copy with a
-- lease that expires by itself; failed copies wait their own backoff, so one refused copy never
-- blocks the others.
ALTER TABLE presupuestos ADD COLUMN email_lease_until INTEGER;
ALTER TABLE presupuestos ADD COLUMN email_attempts INTEGER NOT NULL DEFAULT 0;
ALTER TABLE presupuestos ADD COLUMN email_next_at INTEGER;
-- An e-mail send whose outcome is unknown (it timed out): a later copy is marked as a possible repeat.
ALTER TABLE presupuestos ADD COLUMN email_ambiguous INTEGER NOT NULL DEFAULT 0;

-- The owner's message does not show the saved state yet (Telegram refused the edit): the sweep edits
-- it again, with backoff.
ALTER TABLE presupuestos ADD COLUMN view_stale_at INTEGER;
ALTER TABLE presupuestos ADD COLUMN view_message_id INTEGER;
ALTER TABLE presupuestos ADD COLUMN view_attempts INTEGER NOT NULL DEFAULT 0;
ALTER TABLE presupuestos ADD COLUMN view_next_at INTEGER;

CREATE INDEX presupuestos_por_copiar ON presupuestos (email_next_at, id) WHERE sent_at IS NULL AND emailed_at IS NULL;
CREATE INDEX presupuestos_por_editar ON presupuestos (view_next_at) WHERE view_stale_at IS NOT NULL;
