-- Settings the product generates once and every api instance must share (e.g. signing secrets).
CREATE TABLE app_settings (
  key text PRIMARY KEY,
  value text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
