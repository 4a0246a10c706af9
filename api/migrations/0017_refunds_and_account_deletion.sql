-- Refunds made outside the shop (e.g. part of a payment refunded in Razorpay's dashboard): what has
-- been given back so far. The order stays paid, keeping its seat or slot, until the whole amount is.
ALTER TABLE orders ADD COLUMN refunded_paise bigint NOT NULL DEFAULT 0 CHECK (refunded_paise >= 0);

-- An account its owner deleted: the row stays (paid orders reference it for accounting) with its
-- personal fields replaced, no usable password and no sessions.
ALTER TABLE users ADD COLUMN deleted_at timestamptz;
