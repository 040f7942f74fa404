-- Big lists (ADR 154).
-- A vehicle's applied Fastag rows, in list order, carrying what the page-skipping scan and the totals read:
-- the count and sums per direction and the ids before a deep page come from the index alone. It replaces
-- the narrower index of 0032 (same key and predicate), so a toll still maintains one index here.
DROP INDEX IF EXISTS fastag_transactions_vehicle_applied;
CREATE INDEX fastag_transactions_vehicle_applied ON fastag_transactions (operator_id, vehicle_id, occurred_at DESC, seq DESC)
  INCLUDE (id, txn_type, amount_paisa) WHERE status = 'SUCCESS';
-- The newest applied row of a vehicle, in one index probe: a cached total is reused only while it is still
-- the newest (rows are never updated or deleted, and every new one takes a higher seq).
CREATE INDEX fastag_transactions_vehicle_latest ON fastag_transactions (operator_id, vehicle_id, seq DESC) WHERE status = 'SUCCESS';
-- Live users per role, for the roles screen.
CREATE INDEX users_role ON users (role_id) WHERE deleted_at IS NULL AND role_id IS NOT NULL;
