-- A consultation's buyer: the browser's time zone when booking (an IANA name, so e-mails can give
-- their own time beside IST), and what they would like to discuss (optional, shown to the admin).
ALTER TABLE orders ADD COLUMN time_zone text CHECK (char_length(time_zone) <= 64);
ALTER TABLE orders ADD COLUMN discussion text CHECK (char_length(discussion) <= 1000);
