-- Media shared by every instance (used when the api runs on PostgreSQL; the embedded database
-- keeps files on disk). Keyed by the CIDv1 of the bytes, so a repeated upload is the same row.
-- STORAGE EXTERNAL keeps the bytes uncompressed out of line: substring() then reads only the
-- TOAST chunks a byte range covers, and the uploads (images, video) are compressed already.
CREATE TABLE media_objects (
  cid text PRIMARY KEY,
  content_type text NOT NULL,
  size integer NOT NULL CHECK (size >= 0),
  bytes bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
ALTER TABLE media_objects ALTER COLUMN bytes SET STORAGE EXTERNAL;

-- Every instance keeps "this session is open" for a few seconds; a revoked session is announced
-- (LISTEN session_revoked) so that other instances forget it at once. Sent on commit only.
CREATE FUNCTION notify_session_revoked() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('session_revoked', NEW.family_id::text);
  RETURN NULL;
END
$$;
CREATE TRIGGER refresh_tokens_revoked
  AFTER UPDATE OF revoked_at ON refresh_tokens
  FOR EACH ROW WHEN (OLD.revoked_at IS NULL AND NEW.revoked_at IS NOT NULL)
  EXECUTE FUNCTION notify_session_revoked();
