-- The consultant's own calendars (Admin -> Availability): secret iCalendar feed addresses, fetched by
-- the job queue every few minutes; each good fetch replaces that feed's busy times, a failed one
-- keeps them and records the failure for the admin.
CREATE TABLE calendar_feeds (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  label text NOT NULL CHECK (char_length(label) BETWEEN 1 AND 100),
  url text NOT NULL CHECK (char_length(url) BETWEEN 1 AND 2000),
  created_at timestamptz NOT NULL DEFAULT now(),
  checked_at timestamptz,
  fetched_at timestamptz,
  last_error text CHECK (char_length(last_error) <= 300),
  busy_count integer NOT NULL DEFAULT 0
);

CREATE TABLE calendar_feed_busy (
  feed_id uuid NOT NULL REFERENCES calendar_feeds (id) ON DELETE CASCADE,
  start_at timestamptz NOT NULL,
  end_at timestamptz NOT NULL,
  CHECK (end_at > start_at)
);
CREATE INDEX calendar_feed_busy_start ON calendar_feed_busy (start_at);
CREATE INDEX calendar_feed_busy_feed ON calendar_feed_busy (feed_id);
