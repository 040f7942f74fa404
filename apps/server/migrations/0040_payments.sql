-- Payments (issue 6): the order pipeline's provider columns, the transaction-update log, the
-- callback audit trail, and the payment sandbox's own bookkeeping (it emulates the provider).

ALTER TABLE payment_orders
  ADD COLUMN provider text NOT NULL DEFAULT 'sandbox',
  ADD COLUMN txn_token text,
  ADD COLUMN txn_token_expires_at timestamptz,
  ADD COLUMN provider_txn_id text,
  ADD COLUMN bank_txn_id text,
  ADD COLUMN retry_of text,
  ADD COLUMN check_count integer NOT NULL DEFAULT 0,
  ADD COLUMN next_check_at timestamptz,
  ADD COLUMN settled_at timestamptz;
CREATE INDEX payment_orders_next_check ON payment_orders (next_check_at) WHERE status IN ('CREATED', 'PENDING');

-- One row per POST /v2/transactions/update (spec fastag §7.1): what the browser chose and was charged.
CREATE TABLE payment_attempts (
  id bigserial PRIMARY KEY,
  order_id text NOT NULL REFERENCES payment_orders(id),
  app_version text NOT NULL,
  payment_mode text NOT NULL,
  service_provider text NOT NULL,
  user_code text NOT NULL,
  amount_paisa bigint NOT NULL,
  fee_paisa bigint NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payment_attempts_order ON payment_attempts (order_id, created_at);

-- Every callback and status confirmation, accepted or not, for review (forged, unknown, mismatched, replayed).
CREATE TABLE payment_callbacks (
  id bigserial PRIMARY KEY,
  order_id text,
  source text NOT NULL CHECK (source IN ('CALLBACK', 'STATUS_JOB', 'COMPLETE_CALL', 'RESULT_VIEW')),
  outcome text NOT NULL,
  reported_status text,
  reported_amount text,
  payload jsonb NOT NULL DEFAULT '{}',
  remote_ip text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payment_callbacks_order ON payment_callbacks (order_id, created_at DESC);
CREATE INDEX payment_callbacks_review ON payment_callbacks (created_at DESC)
  WHERE outcome IN ('FORGED', 'UNKNOWN_ORDER', 'AMOUNT_MISMATCH', 'STATUS_UNCONFIRMED');

-- The sandbox provider's orders (its own side of the protocol: tokens, transactions, outcomes).
CREATE TABLE sandbox_pg_orders (
  order_id text PRIMARY KEY,
  mid text NOT NULL,
  txn_token text NOT NULL UNIQUE,
  token_expires_at timestamptz NOT NULL,
  amount_paisa bigint NOT NULL CHECK (amount_paisa > 0),
  cust_id text NOT NULL,
  callback_url text NOT NULL,
  status text NOT NULL DEFAULT 'CREATED' CHECK (status IN ('CREATED', 'PROCESSING', 'PENDING', 'TXN_SUCCESS', 'TXN_FAILURE')),
  payment_mode text,
  channel_code text,
  payer_account text,
  card_bin text,
  card_last4 text,
  store_instrument boolean NOT NULL DEFAULT false,
  forced_outcome text,
  txn_id text,
  bank_txn_id text,
  resp_code text,
  resp_msg text,
  resolve_at timestamptz,
  resolve_to text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE sandbox_pg_saved_cards (
  id text PRIMARY KEY,
  cust_id text NOT NULL,
  bin text NOT NULL,
  last4 text NOT NULL,
  scheme text NOT NULL CHECK (scheme IN ('VISA', 'MASTER', 'RUPAY')),
  card_type text NOT NULL CHECK (card_type IN ('CREDIT_CARD', 'DEBIT_CARD')),
  cvv_length integer NOT NULL DEFAULT 3,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (cust_id, bin, last4)
);
CREATE INDEX sandbox_pg_saved_cards_cust ON sandbox_pg_saved_cards (cust_id, created_at);
