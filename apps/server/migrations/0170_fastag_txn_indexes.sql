-- Every read of Fastag rows by operator, vehicle or time reads applied rows only (ADR 040), through the partial
-- indexes of 0032 and 0151; the full indexes of 0030 over the same keys, and the one by tag, serve no query,
-- yet every toll, declined or applied, wrote an entry into each. `seq` comes from its own sequence, so its
-- unique index only proved what the sequence already guarantees (ADR 182).
DROP INDEX IF EXISTS fastag_transactions_vehicle;
DROP INDEX IF EXISTS fastag_transactions_operator;
DROP INDEX IF EXISTS fastag_transactions_tag;
ALTER TABLE fastag_transactions DROP CONSTRAINT IF EXISTS fastag_transactions_seq_key;
