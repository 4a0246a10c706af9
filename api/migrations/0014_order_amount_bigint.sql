-- A package may cost up to ₹99,999,999.99 (packages.price numeric(10,2)): in paise that is past
-- a 32-bit integer (₹21,474,836.47), so such a package could not be ordered.
ALTER TABLE orders ALTER COLUMN amount_paise TYPE bigint;
