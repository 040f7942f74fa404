-- One order pipeline for money coming in (wallet top-up, token, membership, consigner trip payment).
-- The payments area extends this table and owns its state machine; other areas read it.
CREATE TABLE payment_orders (
  id text PRIMARY KEY,
  purpose text NOT NULL CHECK (purpose IN ('WALLET_TOPUP', 'TOKEN', 'MEMBERSHIP', 'CONSIGNER_TRIP')),
  payer_type text NOT NULL CHECK (payer_type IN ('OPERATOR', 'CONSIGNER')),
  payer_id text NOT NULL,
  user_code text NOT NULL,
  amount_paisa bigint NOT NULL CHECK (amount_paisa > 0),
  fee_paisa bigint NOT NULL DEFAULT 0 CHECK (fee_paisa >= 0),
  status text NOT NULL DEFAULT 'CREATED' CHECK (status IN ('CREATED', 'PENDING', 'SUCCESS', 'FAILURE')),
  status_remarks text,
  payment_mode text,
  reference_id text,
  attempts integer NOT NULL DEFAULT 0,
  settled_entry_id text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payment_orders_payer ON payment_orders (payer_type, payer_id, created_at DESC);
CREATE INDEX payment_orders_open ON payment_orders (status, updated_at) WHERE status IN ('CREATED', 'PENDING');
