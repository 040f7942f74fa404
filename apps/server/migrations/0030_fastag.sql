-- Toll tags, their toll and recharge history, and dispute tickets. Tag balances live in the ledger
-- (account FASTAG:<tag_id>); the rows here carry what the screens show beside the money.
CREATE TABLE fastags (
  -- the issuer's tag id: the same id in the API (tagId), the issuer's webhook and the ledger account
  tag_id text PRIMARY KEY,
  operator_id text NOT NULL REFERENCES operators(id),
  vehicle_id text NOT NULL UNIQUE REFERENCES vehicles(id),
  tag_class integer NOT NULL CHECK (tag_class IN (4, 5, 6, 7, 12, 15, 16)),
  barcode text NOT NULL UNIQUE,
  auto_recharge boolean NOT NULL DEFAULT false,
  min_balance_paisa bigint NOT NULL DEFAULT 0 CHECK (min_balance_paisa >= 0),
  -- extra paisa the automatic top-up adds above the minimum; NULL means "as much again as the minimum"
  recharge_amount_paisa bigint CHECK (recharge_amount_paisa IS NULL OR recharge_amount_paisa > 0),
  status text NOT NULL DEFAULT 'ACTIVE' CHECK (status IN ('ACTIVE', 'BLOCKED', 'CLOSED')),
  last_toll_name text,
  last_toll_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX fastags_operator ON fastags (operator_id);

CREATE TABLE fastag_transactions (
  id text PRIMARY KEY,
  -- application order: balances chain along it (a toll and the top-up it triggers share a time)
  seq bigserial NOT NULL UNIQUE,
  -- the issuer's event id: a toll event is applied once, however often it is delivered
  event_id text UNIQUE,
  operator_id text NOT NULL REFERENCES operators(id),
  tag_id text NOT NULL REFERENCES fastags(tag_id),
  vehicle_id text NOT NULL REFERENCES vehicles(id),
  kind text NOT NULL CHECK (kind IN ('TOLL', 'TOLL_REVERSAL', 'RECHARGE', 'AUTO_RECHARGE')),
  txn_type text NOT NULL CHECK (txn_type IN ('DEBIT', 'CREDIT')),
  status text NOT NULL CHECK (status IN ('SUCCESS', 'FAILED')),
  amount_paisa bigint NOT NULL CHECK (amount_paisa > 0),
  opening_balance_paisa bigint NOT NULL,
  closing_balance_paisa bigint NOT NULL,
  plaza text,
  plaza_code text,
  lane_direction text,
  vehicle_class integer,
  entry_id text,
  failure_reason text,
  occurred_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (status <> 'SUCCESS' OR entry_id IS NOT NULL)
);
CREATE INDEX fastag_transactions_vehicle ON fastag_transactions (operator_id, vehicle_id, occurred_at DESC, seq DESC);
CREATE INDEX fastag_transactions_operator ON fastag_transactions (operator_id, occurred_at DESC, seq DESC);
CREATE INDEX fastag_transactions_tag ON fastag_transactions (tag_id, occurred_at DESC, seq DESC);

-- Support tickets; the Fastag area raises toll disputes, the tickets area (next wave) works them.
CREATE TABLE tickets (
  id text PRIMARY KEY,
  operator_id text NOT NULL REFERENCES operators(id),
  raised_by text NOT NULL,
  category text NOT NULL,
  reference_type text NOT NULL,
  reference_id text NOT NULL,
  subject text NOT NULL,
  details jsonb NOT NULL DEFAULT '{}',
  status text NOT NULL DEFAULT 'OPEN' CHECK (status IN ('OPEN', 'RESOLVED', 'CLOSED')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX tickets_operator ON tickets (operator_id, created_at DESC);
-- one open dispute per transaction: a second click finds the first
CREATE UNIQUE INDEX tickets_open_reference ON tickets (category, reference_type, reference_id) WHERE status = 'OPEN';
