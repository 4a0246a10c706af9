-- Rate-limit counters shared by every api instance (nothing needed for correctness lives in memory).
-- One row per limited key (route + client address, or limiter + username); a row whose reset_at
-- has passed counts as absent and is restarted by the next hit or deleted by the periodic sweep.
CREATE TABLE rate_limits (
  key text PRIMARY KEY,
  count integer NOT NULL CHECK (count >= 0),
  reset_at timestamptz NOT NULL
);
CREATE INDEX rate_limits_reset_at_idx ON rate_limits (reset_at);
