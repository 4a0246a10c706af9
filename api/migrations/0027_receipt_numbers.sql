-- A receipt number per paid order, in the order payments were taken: a business files receipts by
-- a sequential number. Orders paid before this migration are numbered by when they were paid.
CREATE SEQUENCE order_receipt_numbers;
ALTER TABLE orders ADD COLUMN receipt_number bigint UNIQUE;
UPDATE orders SET receipt_number = numbered.n
  FROM (SELECT id, row_number() OVER (ORDER BY paid_at, id) AS n FROM orders WHERE paid_at IS NOT NULL) AS numbered
  WHERE orders.id = numbered.id;
SELECT setval('order_receipt_numbers', COALESCE((SELECT max(receipt_number) FROM orders), 0) + 1, false);
