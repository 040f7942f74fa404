-- Operations desk (ADR 130): consignees, consignments with their docket (lorry receipt) and goods
-- invoices, collections against a consignment, vehicles scheduled for loading, and an audit history
-- of every staff change. Lanes are a small lookup list.

CREATE TABLE lanes (
  code text PRIMARY KEY,
  origin_city text NOT NULL,
  destination_city text NOT NULL,
  UNIQUE (origin_city, destination_city)
);

INSERT INTO lanes (code, origin_city, destination_city) VALUES
  ('JAI-DEL', 'Jaipur', 'Delhi'),
  ('DEL-JAI', 'Delhi', 'Jaipur'),
  ('AMD-BOM', 'Ahmedabad', 'Mumbai'),
  ('LDH-DEL', 'Ludhiana', 'Delhi'),
  ('NAG-HYD', 'Nagpur', 'Hyderabad'),
  ('IDR-PNQ', 'Indore', 'Pune'),
  ('BOM-BLR', 'Mumbai', 'Bengaluru'),
  ('DEL-CCU', 'Delhi', 'Kolkata'),
  ('PNQ-MAA', 'Pune', 'Chennai'),
  ('JAI-AMD', 'Jaipur', 'Ahmedabad'),
  ('HYD-MAA', 'Hyderabad', 'Chennai');

CREATE TABLE consignees (
  id text PRIMARY KEY,
  name text NOT NULL,
  gstin text,
  address text NOT NULL,
  city text NOT NULL,
  contact_name text,
  contact_phone text,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE consignments (
  id text PRIMARY KEY,
  -- the spec's cCode: what staff type and what the workflow URLs carry
  code text NOT NULL UNIQUE,
  trip_id text,
  consigner_code text NOT NULL REFERENCES consigners(code),
  consignee_id text REFERENCES consignees(id),
  operator_id text REFERENCES operators(id),
  lane_code text REFERENCES lanes(code),
  origin_city text NOT NULL,
  destination_city text NOT NULL,
  load_type text NOT NULL,
  material text NOT NULL,
  weight_kg integer NOT NULL CHECK (weight_kg > 0),
  packages integer NOT NULL DEFAULT 0 CHECK (packages >= 0),
  freight_paisa bigint NOT NULL CHECK (freight_paisa >= 0 AND freight_paisa <= 1000000000000),
  status text NOT NULL DEFAULT 'BOOKED' CHECK (status IN ('BOOKED', 'IN_TRANSIT', 'DELIVERED')),
  reached_at timestamptz,
  unloaded_at timestamptz,
  delivery_remarks text,
  version integer NOT NULL DEFAULT 1,
  deleted_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX consignments_trip_idx ON consignments (trip_id);
CREATE INDEX consignments_consigner_idx ON consignments (consigner_code, created_at DESC);

CREATE TABLE consignment_audit (
  id bigserial PRIMARY KEY,
  consignment_id text NOT NULL REFERENCES consignments(id),
  actor_id text NOT NULL,
  actor_name text NOT NULL,
  action text NOT NULL,
  before jsonb,
  after jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX consignment_audit_idx ON consignment_audit (consignment_id, id DESC);

-- the docket (lorry receipt / consignment note), at most one per consignment
CREATE TABLE dockets (
  consignment_id text PRIMARY KEY REFERENCES consignments(id),
  docket_number text NOT NULL UNIQUE,
  docket_date date NOT NULL,
  eway_bill_number text CHECK (eway_bill_number ~ '^[0-9]{12}$'),
  eway_bill_valid_until timestamptz,
  remarks text,
  updated_by text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE docket_invoices (
  id text PRIMARY KEY,
  consignment_id text NOT NULL REFERENCES consignments(id),
  invoice_number text NOT NULL,
  invoice_date date NOT NULL,
  value_paisa bigint NOT NULL CHECK (value_paisa > 0 AND value_paisa <= 1000000000000),
  file_key text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX docket_invoices_idx ON docket_invoices (consignment_id);

CREATE TABLE collections (
  id text PRIMARY KEY,
  consignment_id text NOT NULL REFERENCES consignments(id),
  type text NOT NULL CHECK (type IN ('TO_PAY', 'ADVANCE', 'DETENTION')),
  mode text NOT NULL CHECK (mode IN ('CASH', 'UPI', 'CHEQUE', 'BANK_TRANSFER')),
  amount_paisa bigint NOT NULL CHECK (amount_paisa > 0 AND amount_paisa <= 1000000000000),
  reference text,
  status text NOT NULL CHECK (status IN ('PENDING', 'COLLECTED', 'FAILED')),
  -- the journal entry that recorded the money, once collected
  entry_id text,
  collected_by text NOT NULL,
  collected_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((status = 'COLLECTED') = (entry_id IS NOT NULL))
);
CREATE INDEX collections_consignment_idx ON collections (consignment_id, created_at);

CREATE TABLE scheduled_vehicles (
  id text PRIMARY KEY,
  consignment_id text NOT NULL REFERENCES consignments(id),
  vehicle_id text,
  vehicle_number text NOT NULL,
  operator_id text REFERENCES operators(id),
  consigner_code text NOT NULL,
  lane_code text,
  state text NOT NULL CHECK (state IN ('SCHEDULED', 'REPORTED', 'LOADED', 'IN_TRANSIT', 'REACHED', 'UNLOADED')),
  scheduled_at timestamptz NOT NULL,
  eta timestamptz,
  reported_at timestamptz,
  loaded_at timestamptz,
  dispatched_at timestamptz,
  reached_at timestamptz,
  unloaded_at timestamptz,
  -- last known position (from tracking), kept here so the map reads one indexed table
  lat double precision,
  lng double precision,
  position_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX scheduled_vehicles_state_idx ON scheduled_vehicles (state, scheduled_at);
CREATE INDEX scheduled_vehicles_date_idx ON scheduled_vehicles (scheduled_at);
CREATE INDEX scheduled_vehicles_consignment_idx ON scheduled_vehicles (consignment_id);

CREATE TABLE report_requests (
  id text PRIMARY KEY,
  consigner_code text NOT NULL,
  user_id text NOT NULL,
  report text NOT NULL,
  email text NOT NULL,
  status text NOT NULL CHECK (status IN ('BUILDING', 'MAILED', 'FAILED')),
  row_count integer NOT NULL DEFAULT 0,
  message_id text,
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE INDEX report_requests_idx ON report_requests (consigner_code, created_at DESC);
