-- One row per e-mail the site queued, by its idempotency key: a key queued twice (a webhook
-- delivered twice, a retried request) is sent once. sent_at is written once the mail server accepted
-- the message, so a job retried after that (a crash before pg-boss recorded it done) does not send again.
CREATE TABLE mail_keys (
  key text PRIMARY KEY,
  job_id uuid NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz
);
