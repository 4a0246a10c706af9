-- Limits on unpaid holds (issue 26): at most 2 live holds per account and 20 per address.
-- The address is kept as a keyed hash (never the address itself), only to count live holds.
ALTER TABLE orders ADD COLUMN hold_address text CHECK (hold_address IS NULL OR char_length(hold_address) <= 64);
-- Live holds are counted per account and per address at every new order.
CREATE INDEX orders_user_unpaid_idx ON orders (user_id) WHERE status IN ('created', 'failed');
CREATE INDEX orders_address_unpaid_idx ON orders (hold_address) WHERE status IN ('created', 'failed');

-- The sample events were seeded at "now + N days" on the hour, in UTC: they could start at 6:30 AM
-- IST although described as an afternoon workshop. Untouched samples move to their day's IST times
-- (workshop 14:00–17:00, meetup 18:00, demo day 15:00–17:00); events an admin has edited are left alone.
UPDATE events SET
  start_time = (date_trunc('day', start_time AT TIME ZONE 'Asia/Kolkata') + interval '14 hours') AT TIME ZONE 'Asia/Kolkata',
  end_time = (date_trunc('day', start_time AT TIME ZONE 'Asia/Kolkata') + interval '17 hours') AT TIME ZONE 'Asia/Kolkata'
WHERE id = '5a3c1d2e-0002-4a00-8000-000000000001' AND updated_at = created_at;
UPDATE events SET
  start_time = (date_trunc('day', start_time AT TIME ZONE 'Asia/Kolkata') + interval '18 hours') AT TIME ZONE 'Asia/Kolkata'
WHERE id = '5a3c1d2e-0002-4a00-8000-000000000002' AND updated_at = created_at;
UPDATE events SET
  start_time = (date_trunc('day', start_time AT TIME ZONE 'Asia/Kolkata') + interval '15 hours') AT TIME ZONE 'Asia/Kolkata',
  end_time = (date_trunc('day', start_time AT TIME ZONE 'Asia/Kolkata') + interval '17 hours') AT TIME ZONE 'Asia/Kolkata'
WHERE id = '5a3c1d2e-0002-4a00-8000-000000000003' AND updated_at = created_at;
