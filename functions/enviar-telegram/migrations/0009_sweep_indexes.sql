-- What the sweep and retention select by (docs/decisions/111), so that a sweep reads a few rows, however
-- many quotes are stored: retention's quotes past their days, the reminder's latest, the lookup's wrong
-- guesses past their window. Indexes only: additive, as every migration (test/unit/migrations.test.ts).
CREATE INDEX presupuestos_por_fecha ON presupuestos (received_at);
CREATE INDEX presupuestos_por_recordatorio ON presupuestos (reminded_at);
CREATE INDEX lookup_failures_por_fecha ON lookup_failures (at);
