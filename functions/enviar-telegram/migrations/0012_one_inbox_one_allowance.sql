-- Nobody can make the shop mail a third party (docs/decisions/125, 126, 127). Additive only, as every migration
-- (test/unit/migrations.test.ts): an older version of the function runs on this schema unchanged.

-- The inbox an e-mail reaches, as the caps count it (platform/mail-address.ts: case, a +tag and Gmail's dots
-- ignored), written with the e-mails a cap counts: the confirmations and the lost-link e-mails. Rows owed
-- before this migration get the lower-cased address, near enough for the day their caps still look at.
ALTER TABLE customer_emails ADD COLUMN inbox TEXT;
UPDATE customer_emails SET inbox = lower(trim(recipient)) WHERE inbox IS NULL AND event IN ('received', 'links');
-- A cap reads the few rows of one inbox and one event in its window, never the skipped ones.
CREATE INDEX customer_emails_por_buzon ON customer_emails (inbox, event, owed_at) WHERE skipped IS NULL;

-- The outbox in two queues (docs/decisions/125): the e-mails nobody asked the shop for in person yet (the
-- confirmation, the lost link), held to UNSOLICITED_EMAILS_PER_HOUR, and every other one (the contract's, the
-- repair's), which goes first. Each claim reads its own queue only, however long the other has grown.
CREATE INDEX customer_emails_pedidos_por_enviar ON customer_emails (due_at, id)
  WHERE sent_at IS NULL AND refused_at IS NULL AND skipped IS NULL AND event NOT IN ('received', 'links');
CREATE INDEX customer_emails_no_pedidos_por_enviar ON customer_emails (due_at, id)
  WHERE sent_at IS NULL AND refused_at IS NULL AND skipped IS NULL AND event IN ('received', 'links');

-- The shop-wide hourly ceiling: per clock hour (epoch hours), how many unsolicited e-mails were taken to be
-- sent, and when the owner's chat was told that the ceiling was reached (once an hour). Pruned by retention.
CREATE TABLE unsolicited_hours (
  hour INTEGER PRIMARY KEY,
  taken INTEGER NOT NULL DEFAULT 0,
  told_at INTEGER
);

-- The form token a quote was sent with (a hash of it, given by the site): one token, one stored quote.
ALTER TABLE presupuestos ADD COLUMN form_token TEXT;
CREATE UNIQUE INDEX presupuestos_por_formulario ON presupuestos (form_token);

-- The per-visitor daily ceiling on stored quotes: one row per quote stored, its visitor as a hash (never the
-- address itself), kept 24 hours. Never joined to a quote.
CREATE TABLE quote_visitors (
  visitor TEXT NOT NULL,
  at INTEGER NOT NULL
);
CREATE INDEX quote_visitors_por_visitante ON quote_visitors (visitor, at);
CREATE INDEX quote_visitors_por_fecha ON quote_visitors (at);

-- The owner's full-quote link belongs to the browser that opened it first: the hash of that browser's nonce
-- (an HttpOnly cookie scoped to the link's path), kept with the code's hash, never the code or the nonce.
-- Pruned by retention once the link's time is over, and erased with its quote.
CREATE TABLE owner_link_holders (
  code_hash TEXT PRIMARY KEY,
  quote_id INTEGER NOT NULL,
  browser_hash TEXT NOT NULL,
  bound_at INTEGER NOT NULL
);
CREATE INDEX owner_link_holders_por_fecha ON owner_link_holders (bound_at);

CREATE TRIGGER presupuestos_borra_navegadores_del_taller AFTER DELETE ON presupuestos
BEGIN
  DELETE FROM owner_link_holders WHERE quote_id = OLD.id;
END;
