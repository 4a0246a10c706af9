-- The live release of each remote on PostgreSQL, where several instances serve the site: one row
-- per remote that every instance reads, moved by `pnpm release` / `pnpm rollback` with a NOTIFY
-- (decision 056). On the embedded database the pointer is a file beside the releases instead.
CREATE TABLE remote_releases (
  remote text PRIMARY KEY CHECK (char_length(remote) BETWEEN 1 AND 40),
  version text NOT NULL CHECK (char_length(version) BETWEEN 1 AND 60),
  since timestamptz NOT NULL DEFAULT now()
);
