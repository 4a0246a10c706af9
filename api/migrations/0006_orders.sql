-- Orders and payments (issue 8). Amounts are integer paise; the server computes them from its prices.

-- The consultation packages of the pricing section, seeded at start from the shared list (same ids).
-- A NULL price is the custom package, which cannot be ordered.
CREATE TABLE consultation_packages (
  id uuid PRIMARY KEY,
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 200),
  description text NOT NULL DEFAULT '',
  price_paise integer CHECK (price_paise IS NULL OR price_paise >= 100),
  duration_minutes integer NOT NULL CHECK (duration_minutes >= 0 AND duration_minutes <= 600),
  benefits jsonb NOT NULL DEFAULT '[]'::jsonb,
  badge text,
  position integer NOT NULL DEFAULT 0,
  is_active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Status moves forward only: created → paid | failed | expired; failed → paid (a retried payment);
-- paid → refunded. Every UPDATE names the states it may leave in its WHERE clause.
CREATE TABLE orders (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id),
  kind text NOT NULL CHECK (kind IN ('consultation', 'package')),
  -- A consultation_packages id or a packages id, by kind; the name is kept as bought.
  package_id uuid NOT NULL,
  package_name text NOT NULL,
  amount_paise integer NOT NULL CHECK (amount_paise >= 100),
  currency text NOT NULL DEFAULT 'INR' CHECK (currency = 'INR'),
  provider text NOT NULL CHECK (provider IN ('razorpay', 'sandbox')),
  provider_order_id text UNIQUE,
  provider_payment_id text,
  provider_refund_id text,
  status text NOT NULL DEFAULT 'created' CHECK (status IN ('created', 'paid', 'failed', 'expired', 'refunded')),
  start_time timestamptz,
  end_time timestamptz,
  attendee_email text CHECK (attendee_email IS NULL OR char_length(attendee_email) BETWEEN 3 AND 254),
  -- Until when an unpaid order holds its seat or slot.
  expires_at timestamptz NOT NULL,
  paid_at timestamptz,
  failed_at timestamptz,
  expired_at timestamptz,
  refunded_at timestamptz,
  -- A paid consultation cancelled by its buyer too late for an automatic refund: the slot is free again.
  cancelled_at timestamptz,
  -- At most one calendar invitation per order: claimed by setting these once.
  calendar_via text CHECK (calendar_via IS NULL OR calendar_via IN ('google', 'ics_email')),
  calendar_event_id text,
  calendar_invited_at timestamptz,
  -- iCalendar SEQUENCE: raised on each reschedule or cancellation of the same UID.
  invite_sequence integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (
    (kind = 'consultation' AND start_time IS NOT NULL AND end_time > start_time)
    OR (kind = 'package' AND start_time IS NULL AND end_time IS NULL)
  )
);
CREATE INDEX orders_user_created_idx ON orders (user_id, created_at DESC);
CREATE INDEX orders_package_idx ON orders (package_id) WHERE kind = 'package';
CREATE INDEX orders_slot_idx ON orders (start_time) WHERE kind = 'consultation';
CREATE INDEX orders_status_created_idx ON orders (status, created_at DESC);

-- Provider webhooks already handled, by event id (deliveries are retried and may repeat).
CREATE TABLE payment_webhook_events (
  event_id text PRIMARY KEY CHECK (char_length(event_id) BETWEEN 1 AND 200),
  event text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now()
);
