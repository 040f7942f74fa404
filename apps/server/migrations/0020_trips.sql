-- The trips area: the state machine's history, stage codes, slots, delays, money claims,
-- documents and POD reviews. trips itself (0003) is extended; new columns have defaults so the
-- marketplace's insert on token payment keeps working.
ALTER TABLE trips ADD COLUMN remarks text;
ALTER TABLE trips ADD COLUMN cancel_reason text;
ALTER TABLE trips ADD COLUMN pod_reject_reason text;
ALTER TABLE trips ADD COLUMN last_notified_at timestamptz;
ALTER TABLE trips ADD COLUMN completed_at timestamptz;
ALTER TABLE trips ADD CONSTRAINT trips_state_known CHECK (state IN (
  'ASSIGNED', 'REACHED_LOADING', 'LOADED', 'IN_TRANSIT', 'REACHED_UNLOADING', 'UNLOADED',
  'POD_SUBMITTED', 'POD_REJECTED', 'POD_VERIFIED', 'COMPLETED', 'CANCELLED'));
CREATE INDEX trips_operator_state ON trips (operator_id, state, created_at DESC);
-- the replace-vehicle check: one running trip per vehicle
CREATE INDEX trips_vehicle_state ON trips (vehicle_id, state);

CREATE TABLE trip_events (
  id bigserial PRIMARY KEY,
  trip_id text NOT NULL REFERENCES trips(id),
  from_state text,
  to_state text NOT NULL,
  actor_kind text NOT NULL,
  actor_id text,
  note text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX trip_events_trip ON trip_events (trip_id, id);

CREATE TABLE trip_otps (
  id text PRIMARY KEY,
  trip_id text NOT NULL REFERENCES trips(id),
  stage text NOT NULL CHECK (stage IN ('LOADING', 'UNLOADING')),
  phone text NOT NULL,
  code_hash text NOT NULL,
  tries integer NOT NULL DEFAULT 0,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX trip_otps_trip_stage ON trip_otps (trip_id, stage, created_at DESC);

CREATE TABLE trip_slots (
  id text PRIMARY KEY,
  trip_id text NOT NULL REFERENCES trips(id),
  location text NOT NULL CHECK (location IN ('LOADING', 'UNLOADING')),
  -- the physical point (name + coordinates): two trucks cannot book one window at one dock
  facility_key text NOT NULL,
  slot_start timestamptz NOT NULL,
  slot_end timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (trip_id, location),
  UNIQUE (facility_key, slot_start)
);

CREATE TABLE trip_delays (
  id text PRIMARY KEY,
  trip_id text NOT NULL REFERENCES trips(id),
  type text NOT NULL,
  reason_code text NOT NULL,
  remarks text,
  expected_at timestamptz,
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX trip_delays_trip ON trip_delays (trip_id, created_at DESC);

CREATE TABLE trip_alerts (
  id text PRIMARY KEY,
  trip_id text NOT NULL REFERENCES trips(id),
  state text NOT NULL,
  alert_type text NOT NULL,
  message text,
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX trip_alerts_trip ON trip_alerts (trip_id, created_at DESC);

CREATE TABLE trip_feedback (
  id text PRIMARY KEY,
  trip_id text NOT NULL REFERENCES trips(id),
  action text NOT NULL,
  rating integer,
  comment text,
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX trip_feedback_trip ON trip_feedback (trip_id);

-- the support chat's context for a session (spec: update-variables tripId, referenceId, actionType)
CREATE TABLE trip_chat_variables (
  user_id text NOT NULL,
  trip_id text NOT NULL REFERENCES trips(id),
  reference_id text,
  action_type text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, trip_id)
);

-- claimed extra charges: the operator claims, the admin approves (possibly less) or rejects,
-- approved ones are paid with the trip's balance
CREATE TABLE trip_charges (
  id text PRIMARY KEY,
  trip_id text NOT NULL REFERENCES trips(id),
  type text NOT NULL CHECK (type IN ('DETENTION', 'LOADING', 'UNLOADING', 'HALTING', 'OTHER')),
  amount_paisa bigint NOT NULL CHECK (amount_paisa > 0),
  approved_paisa bigint CHECK (approved_paisa IS NULL OR approved_paisa >= 0),
  status text NOT NULL DEFAULT 'CLAIMED' CHECK (status IN ('CLAIMED', 'APPROVED', 'REJECTED', 'PAID')),
  description text NOT NULL,
  document_keys jsonb NOT NULL DEFAULT '[]',
  decision_reason text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX trip_charges_trip ON trip_charges (trip_id, created_at);

CREATE TABLE trip_deductions (
  id text PRIMARY KEY,
  trip_id text NOT NULL REFERENCES trips(id),
  reason text NOT NULL,
  amount_paisa bigint NOT NULL CHECK (amount_paisa > 0),
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX trip_deductions_trip ON trip_deductions (trip_id);

-- what was paid for a trip, one row per kind; the ledger entry holds the money itself
CREATE TABLE trip_payments (
  trip_id text NOT NULL REFERENCES trips(id),
  kind text NOT NULL CHECK (kind IN ('ADVANCE', 'BALANCE', 'TOKEN_RELEASE', 'TOKEN_REFUND', 'TOKEN_FORFEIT')),
  amount_paisa bigint NOT NULL CHECK (amount_paisa >= 0),
  entry_id text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (trip_id, kind)
);

CREATE TABLE trip_invoices (
  trip_id text PRIMARY KEY REFERENCES trips(id),
  file_key text NOT NULL,
  invoice_number text,
  amount_paisa bigint CHECK (amount_paisa IS NULL OR amount_paisa > 0),
  uploaded_at timestamptz NOT NULL DEFAULT now()
);

-- every uploaded document: a random storage key issued with the signed URL, checked by content
-- before it is accepted
CREATE TABLE trip_files (
  id text PRIMARY KEY,
  trip_id text NOT NULL REFERENCES trips(id),
  doc_type text NOT NULL CHECK (doc_type IN ('POD', 'BILTI', 'CHARGE_DOCUMENT', 'INVOICE')),
  resource_key text NOT NULL UNIQUE,
  file_name text NOT NULL,
  content_type text NOT NULL,
  status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'UPLOADED', 'SUBMITTED', 'VERIFIED', 'REJECTED', 'REMOVED')),
  size_bytes bigint,
  -- seeded rows that stand for a paper POD without a scanned file
  has_file boolean NOT NULL DEFAULT true,
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX trip_files_trip ON trip_files (trip_id, doc_type, created_at);

CREATE TABLE trip_pod_reviews (
  id text PRIMARY KEY,
  trip_id text NOT NULL REFERENCES trips(id),
  resource_keys jsonb NOT NULL,
  status text NOT NULL DEFAULT 'SUBMITTED' CHECK (status IN ('SUBMITTED', 'VERIFIED', 'REJECTED')),
  reason text,
  submitted_by text NOT NULL,
  decided_by text,
  submitted_at timestamptz NOT NULL DEFAULT now(),
  decided_at timestamptz
);
CREATE INDEX trip_pod_reviews_trip ON trip_pod_reviews (trip_id, submitted_at DESC);
