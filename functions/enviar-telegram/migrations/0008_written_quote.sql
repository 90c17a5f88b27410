-- The written quote and the contract (docs/decisions/105 and 106): what a price carries besides its amount
-- (RD 58/1988 art. 3; TRLGDCU 60 and 97), what the customer was shown and asked when he accepted it
-- (TRLGDCU 98 and 103.a), and his withdrawal (TRLGDCU 102-108).

-- The work to be done: the diagnosis, as the owner writes it (or the default the quote's price says).
ALTER TABLE quote_offers ADD COLUMN work TEXT;
-- The parts: 'sin-piezas', 'originales', 'compatibles' or 'originales-o-compatibles' (always new).
ALTER TABLE quote_offers ADD COLUMN parts TEXT;
-- The split between parts and labour, when there are parts and the owner gave it (both or neither).
ALTER TABLE quote_offers ADD COLUMN parts_cents INTEGER;
ALTER TABLE quote_offers ADD COLUMN labour_cents INTEGER;
-- The expected repair time, in working days from the device's arrival.
ALTER TABLE quote_offers ADD COLUMN repair_days INTEGER;
-- The shipping costs both ways the shop charges, included in the amount; 0: none.
ALTER TABLE quote_offers ADD COLUMN shipping_cents INTEGER;
-- The advertised price of the listed service the request came from, and why the amount differs from it.
ALTER TABLE quote_offers ADD COLUMN listed_cents INTEGER;
ALTER TABLE quote_offers ADD COLUMN price_reason TEXT;
-- The version of the terms (guarantee, complaints, withdrawal) shown with this price.
ALTER TABLE quote_offers ADD COLUMN terms_version TEXT;
-- On acceptance: his express request that the repair start within the withdrawal period (1), and the terms'
-- version he was shown; decided_at is the time.
ALTER TABLE quote_offers ADD COLUMN express_request INTEGER;
ALTER TABLE quote_offers ADD COLUMN accepted_terms TEXT;
-- His withdrawal from the contract this acceptance concluded; the owner's notice of it is the offer's
-- notice again (notified_at cleared with it, decision-notice.ts).
ALTER TABLE quote_offers ADD COLUMN withdrawn_at INTEGER;

-- The listed service a request came from ('Cambio de joystick (drift)'), as the site names it.
ALTER TABLE presupuestos ADD COLUMN servicio TEXT;

-- The owner's links to the full-quote form: single use (docs/decisions/105). The code's hash, never the code.
CREATE TABLE owner_links (
  code_hash TEXT PRIMARY KEY,
  quote_id INTEGER NOT NULL,
  used_at INTEGER NOT NULL
);

CREATE TRIGGER presupuestos_borra_enlaces_del_taller AFTER DELETE ON presupuestos
BEGIN
  DELETE FROM owner_links WHERE quote_id = OLD.id;
END;
