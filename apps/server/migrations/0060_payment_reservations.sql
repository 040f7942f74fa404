-- ADR 070: what part of a settled payment went beyond the trip's due (kept as the payer's credit)
ALTER TABLE payment_orders ADD COLUMN excess_paisa bigint NOT NULL DEFAULT 0 CHECK (excess_paisa >= 0 AND excess_paisa <= amount_paisa);

-- open orders of one trip are summed when a new order is reserved against it
CREATE INDEX IF NOT EXISTS payment_orders_open_reference_idx ON payment_orders (reference_id, purpose) WHERE status IN ('CREATED', 'PENDING');

-- ADR 077: no balance beyond ₹10,00,00,00,00,00,000 (10^15 paisa), well inside exact integer arithmetic
ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_balance_bound CHECK (balance BETWEEN -1000000000000000 AND 1000000000000000);
