-- When the consultant takes bookings (Admin → Availability, api/src/modules/availability): start
-- times are minutes of the IST day inside the booking policy's window (9:00–18:00, quarter hours).
-- The defaults change nothing until the admin says so: every day 9:00–18:00, 12 hours' notice,
-- 15 minutes' buffer before and after each booking, no daily cap.
CREATE TABLE availability_weekdays (
  weekday smallint PRIMARY KEY CHECK (weekday BETWEEN 1 AND 7), -- ISO: 1 Monday … 7 Sunday
  is_on boolean NOT NULL DEFAULT true,
  first_start smallint NOT NULL DEFAULT 540 CHECK (first_start BETWEEN 540 AND 1080 AND first_start % 15 = 0),
  last_start smallint NOT NULL DEFAULT 1080 CHECK (last_start BETWEEN 540 AND 1080 AND last_start % 15 = 0),
  CHECK (first_start <= last_start)
);
INSERT INTO availability_weekdays (weekday) SELECT generate_series(1, 7);

CREATE TABLE availability_rules (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  notice_minutes integer NOT NULL DEFAULT 720 CHECK (notice_minutes BETWEEN 0 AND 43200),
  buffer_before_minutes integer NOT NULL DEFAULT 15 CHECK (buffer_before_minutes BETWEEN 0 AND 240),
  buffer_after_minutes integer NOT NULL DEFAULT 15 CHECK (buffer_after_minutes BETWEEN 0 AND 240),
  daily_cap integer CHECK (daily_cap IS NULL OR daily_cap BETWEEN 1 AND 50),
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO availability_rules DEFAULT VALUES;

-- A date (IST) whose hours differ from its weekday's.
CREATE TABLE availability_overrides (
  day date PRIMARY KEY,
  is_off boolean NOT NULL,
  first_start smallint CHECK (first_start BETWEEN 540 AND 1080 AND first_start % 15 = 0),
  last_start smallint CHECK (last_start BETWEEN 540 AND 1080 AND last_start % 15 = 0),
  note text NOT NULL DEFAULT '' CHECK (char_length(note) <= 200),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (is_off OR (first_start IS NOT NULL AND last_start IS NOT NULL AND first_start <= last_start))
);
