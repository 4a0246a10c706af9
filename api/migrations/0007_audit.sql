-- Audit log of admin writes (issue 9): who did what to which record, and when. Each row is written
-- in the same transaction as the write it describes, so a rolled-back write leaves no entry.
CREATE TABLE audit_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- No foreign key: the history outlives accounts. The username is copied so the entry still
  -- reads right after a rename or a deleted account.
  actor_id uuid,
  actor_username text NOT NULL,
  action text NOT NULL CHECK (char_length(action) BETWEEN 1 AND 40),
  entity text NOT NULL CHECK (char_length(entity) BETWEEN 1 AND 40),
  entity_id text CHECK (char_length(entity_id) <= 100),
  -- What the record was called at the time (a title, a name), for the Recent Activity list.
  label text CHECK (char_length(label) <= 200),
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_at_idx ON audit_log (at DESC, id DESC);
