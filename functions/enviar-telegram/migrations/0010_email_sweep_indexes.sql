-- What the sweep selects by since it sends e-mails (docs/decisions/111), so that a run reads a few rows
-- however many quotes and e-mails are stored: the quotes Telegram has not taken and whose e-mail copy is not
-- sent (every minute, whenever a mailer exists: the EMAIL binding, or the local mailbox), the lost-link
-- requests past their day and the owner's spent full-quote links past their time (hourly). Indexes only:
-- additive, as every migration (test/unit/migrations.test.ts).
CREATE INDEX presupuestos_copia_pendiente ON presupuestos (received_at) WHERE sent_at IS NULL AND emailed_at IS NULL;
CREATE INDEX customer_emails_enlaces_por_fecha ON customer_emails (owed_at) WHERE event = 'links';
CREATE INDEX owner_links_por_uso ON owner_links (used_at);
