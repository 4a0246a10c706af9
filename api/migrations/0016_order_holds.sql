-- Limits on unpaid holds (issue 26): at most 2 live holds per account and 20 per address.
-- The address is kept as a keyed hash (never the address itself), only to count live holds.
ALTER TABLE orders ADD COLUMN hold_address text CHECK (hold_address IS NULL OR char_length(hold_address) <= 64);
-- Live holds are counted per account and per address at every new order.
CREATE INDEX orders_user_unpaid_idx ON orders (user_id) WHERE status IN ('created', 'failed');
CREATE INDEX orders_address_unpaid_idx ON orders (hold_address) WHERE status IN ('created', 'failed');
