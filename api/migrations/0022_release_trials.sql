-- The candidate release on trial (decision 058), on PostgreSQL, where several instances serve the
-- site: at most one row, read by every instance like the live pointers (0020), moved with a NOTIFY
-- on the same channel. On the embedded database it is a file beside the releases instead.
CREATE TABLE release_trials (
  only_one boolean PRIMARY KEY DEFAULT true CHECK (only_one),
  remote text NOT NULL CHECK (char_length(remote) BETWEEN 1 AND 40),
  version text NOT NULL CHECK (char_length(version) BETWEEN 1 AND 60),
  kind text NOT NULL CHECK (kind IN ('preview', 'canary')),
  percent integer NOT NULL DEFAULT 0 CHECK (percent BETWEEN 0 AND 100),
  since timestamptz NOT NULL DEFAULT now(),
  -- Set when the trial was ended automatically: the line Admin → Releases shows until the next trial.
  ended_at timestamptz,
  ended_reason text CHECK (char_length(ended_reason) <= 300)
);
