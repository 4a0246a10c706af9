-- Double opt-in: a subscription receives posts once its address confirmed it (the link in the
-- confirmation e-mail). Addresses subscribed before this change count as confirmed.
ALTER TABLE newsletter_subscriptions ADD COLUMN confirmed_at timestamptz;
ALTER TABLE newsletter_subscriptions ADD COLUMN confirm_token_hash text UNIQUE;
UPDATE newsletter_subscriptions SET confirmed_at = subscribed_at;
CREATE INDEX newsletter_subscriptions_confirmed_idx ON newsletter_subscriptions (id) WHERE status = 'subscribed' AND confirmed_at IS NOT NULL;

-- A post sent to the newsletter: once per post. Each message's own idempotency key
-- (mail_keys 'newsletter:post:<post>:<subscription>') makes a resumed send skip who has it already.
CREATE TABLE newsletter_sends (
  blog_id uuid PRIMARY KEY REFERENCES blogs (id),
  total integer NOT NULL,
  started_at timestamptz NOT NULL DEFAULT now(),
  queued_at timestamptz
);
