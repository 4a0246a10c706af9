-- A view counts once per visitor, post and day. The visitor is an HMAC of address and user agent
-- under that day's random key (in app_settings, deleted the day after), so no clear-text identity
-- is stored and one day's visitors cannot be linked to another's.
CREATE TABLE blog_views (
  blog_id uuid NOT NULL REFERENCES blogs (id) ON DELETE CASCADE,
  day date NOT NULL,
  visitor text NOT NULL,
  PRIMARY KEY (blog_id, day, visitor)
);
CREATE INDEX blog_views_day_idx ON blog_views (day);
