-- Toll reconciliation (issue 47 §1, ADR 280): every applied toll debit is checked once against the vehicle's
-- trip and positions; what looks wrong is kept as a flag with its evidence and the money at stake.

-- Plaza positions the issuer's events report (the shipped data set is in the code, toll-plaza-positions.json).
CREATE TABLE toll_plaza_reports (
  plaza_key text PRIMARY KEY,
  name text NOT NULL,
  lat double precision NOT NULL CHECK (lat BETWEEN -90 AND 90),
  lng double precision NOT NULL CHECK (lng BETWEEN -180 AND 180),
  reported_at timestamptz NOT NULL DEFAULT now()
);

-- One row per toll debit checked: which trip it fell in (or none), how far the nearest position was.
CREATE TABLE toll_checks (
  txn_id text PRIMARY KEY,
  operator_id text NOT NULL,
  vehicle_id text NOT NULL,
  trip_id text,
  nearest_position_km double precision,
  flag_count integer NOT NULL DEFAULT 0,
  checked_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE toll_flags (
  id text PRIMARY KEY,
  operator_id text NOT NULL,
  txn_id text NOT NULL,
  vehicle_id text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('DOUBLE_READ', 'CLASS_MISMATCH', 'FAR_FROM_PLAZA', 'NO_TRIP_NO_MOVEMENT')),
  evidence jsonb NOT NULL,
  at_stake_paisa bigint NOT NULL CHECK (at_stake_paisa >= 0),
  recovered_paisa bigint NOT NULL DEFAULT 0 CHECK (recovered_paisa >= 0),
  state text NOT NULL DEFAULT 'OPEN' CHECK (state IN ('OPEN', 'DISMISSED', 'DISPUTED', 'REFUNDED')),
  dismissed_reason text,
  ticket_id text,
  occurred_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (txn_id, kind),
  CHECK (state <> 'DISMISSED' OR dismissed_reason IS NOT NULL)
);
CREATE INDEX toll_flags_operator ON toll_flags (operator_id, occurred_at DESC, id DESC);
CREATE INDEX toll_flags_vehicle ON toll_flags (operator_id, vehicle_id, occurred_at DESC);

-- How far the catch-up job has read the toll debits, so it never rescans history.
CREATE TABLE toll_check_cursor (
  name text PRIMARY KEY,
  last_seq bigint NOT NULL
);
CREATE INDEX fastag_transactions_toll_seq ON fastag_transactions (seq) WHERE kind = 'TOLL' AND status = 'SUCCESS';
