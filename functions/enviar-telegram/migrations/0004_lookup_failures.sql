-- The tracking lookup's wrong guesses (docs/decisions/092): one row per wrong pair and per subject it
-- named, the reference, the e-mail (as a hash) and the visitor, so guessing is capped whoever asks.
-- Rows older than the cap's window are erased by the sweep.
CREATE TABLE lookup_failures (
  subject TEXT NOT NULL,
  at INTEGER NOT NULL
);

CREATE INDEX lookup_failures_por_sujeto ON lookup_failures (subject, at);
