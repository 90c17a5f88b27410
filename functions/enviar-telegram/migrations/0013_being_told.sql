-- Being told (docs/decisions/128 and 129): silence is an alarm. What ran last and what it found, the
-- incidents the owner is told of once (and again when they are over), the e-mail copy of an owner's notice
-- Telegram did not take, and what the health figures select by. Additive only, as every migration.

-- The last run of each scheduled part ('delivery' every minute, 'retention' every hour, 'telegram' the
-- hourly self-check) and of the operator's test e-mail ('smoke-mail'): when it started, when it finished
-- (a run that died never finishes), and what it found, as counts (JSON). One row per name, overwritten.
CREATE TABLE health_runs (
  name TEXT PRIMARY KEY,
  started_at INTEGER NOT NULL,
  finished_at INTEGER,
  found TEXT
);

-- Something that stopped, from when it was found until it was found working again: the sweep, Telegram's
-- webhook or the bot, the mail service's configuration or quota. At most one open incident of each kind.
-- The owner is told of it once per channel (the chat, an e-mail to SHOP_EMAIL) when it starts and again
-- when it is over; a channel a kind does not use is written 0. detail: what was found, bounded, never a
-- customer's data.
CREATE TABLE incidents (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  kind TEXT NOT NULL,
  detail TEXT NOT NULL,
  opened_at INTEGER NOT NULL,
  closed_at INTEGER,
  -- The mail service's incidents: no customer e-mail is tried before then (hourly probes).
  retry_at INTEGER,
  chat_opened_at INTEGER,
  email_opened_at INTEGER,
  chat_closed_at INTEGER,
  email_closed_at INTEGER,
  -- Telling it: a run holds it with a lease while it sends; a failed send waits its backoff.
  tell_lease_until INTEGER,
  tell_attempts INTEGER NOT NULL DEFAULT 0,
  tell_next_at INTEGER
);

CREATE UNIQUE INDEX incidents_abiertos ON incidents (kind) WHERE closed_at IS NULL;
CREATE INDEX incidents_sin_avisar ON incidents (id) WHERE chat_closed_at IS NULL OR email_closed_at IS NULL;
CREATE INDEX incidents_cerrados ON incidents (closed_at) WHERE closed_at IS NOT NULL;

-- An owner's notice (a customer's answer, a withdrawal) Telegram refused for good: its e-mail copy goes at once.
ALTER TABLE quote_offers ADD COLUMN notice_refused_at INTEGER;

-- The e-mail copy to SHOP_EMAIL of an owner's notice that Telegram refused for good or had not taken after
-- 30 minutes, once per notice ('<kind>:<row id>:<when it was owed>'), whatever kind of notice it is.
CREATE TABLE notice_copies (
  notice TEXT PRIMARY KEY,
  quote_id INTEGER NOT NULL,
  lease_until INTEGER,
  attempts INTEGER NOT NULL DEFAULT 0,
  next_at INTEGER,
  -- A send that timed out: a later copy says it may be a repeat.
  ambiguous INTEGER NOT NULL DEFAULT 0,
  emailed_at INTEGER
);

CREATE INDEX notice_copies_por_presupuesto ON notice_copies (quote_id);

-- Erasing a quote (retention, /olvidar) erases the record of its notices' copies with it.
CREATE TRIGGER presupuestos_borra_copias_de_avisos AFTER DELETE ON presupuestos
BEGIN
  DELETE FROM notice_copies WHERE quote_id = OLD.id;
END;

-- The customer's e-mails refused for good in the last day, for the health figures, without a scan.
CREATE INDEX customer_emails_rechazados ON customer_emails (refused_at) WHERE refused_at IS NOT NULL;
