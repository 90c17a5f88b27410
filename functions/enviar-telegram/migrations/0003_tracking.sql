-- The customer's tracking (docs/decisions/058): a private address per quote, the repair's current
-- state, and the history of the owner's steps.

-- The private address /seguimiento/<tracking_token>: 128 random bits, URL-safe.
ALTER TABLE presupuestos ADD COLUMN tracking_token TEXT;
-- received, answered, in_workshop, repairing, ready, shipped, delivered, cancelled (spam stays received).
ALTER TABLE presupuestos ADD COLUMN state TEXT NOT NULL DEFAULT 'received';
-- The carrier and tracking number the owner typed for the way back.
ALTER TABLE presupuestos ADD COLUMN shipment TEXT;

-- Quotes stored before: an address each, and their attended state.
UPDATE presupuestos SET tracking_token = lower(hex(randomblob(16))) WHERE tracking_token IS NULL;
UPDATE presupuestos SET state = 'answered' WHERE attended_at IS NOT NULL;

CREATE UNIQUE INDEX presupuestos_por_seguimiento ON presupuestos (tracking_token);
CREATE INDEX presupuestos_por_estado ON presupuestos (state);

-- Every step the owner took, with who and when; a step taken back keeps its row, marked undone_at.
-- 'received' is not stored here: it is the quote's received_at.
CREATE TABLE quote_states (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  quote_id INTEGER NOT NULL,
  state TEXT NOT NULL,
  at INTEGER NOT NULL,
  by TEXT,
  undone_at INTEGER
);

CREATE INDEX quote_states_por_presupuesto ON quote_states (quote_id, id);

INSERT INTO quote_states (quote_id, state, at, by)
  SELECT id, 'answered', attended_at, attended_by FROM presupuestos WHERE attended_at IS NOT NULL;

-- Erasing a quote (retention, /olvidar) erases its history with it.
CREATE TRIGGER presupuestos_borra_historial AFTER DELETE ON presupuestos
BEGIN
  DELETE FROM quote_states WHERE quote_id = OLD.id;
END;
