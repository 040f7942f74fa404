-- Fleet (issue 12, ADR 100): vehicle KYC documents, lookups for the add-vehicle form, drivers' licence and
-- assignment, GPS orders. The vehicles table of 0001 stays the one table of vehicles.
ALTER TABLE vehicles ADD COLUMN reject_reason text;
ALTER TABLE vehicles ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
CREATE INDEX vehicles_operator_created ON vehicles (operator_id, created_at DESC);

-- one row per uploaded file: a vehicle's RC sides, declaration and certificates, or the operator's ID proof
CREATE TABLE fleet_documents (
  id text PRIMARY KEY,
  operator_id text NOT NULL REFERENCES operators(id),
  vehicle_id text REFERENCES vehicles(id),
  doc_type text NOT NULL,
  resource_key text NOT NULL UNIQUE,
  file_name text NOT NULL,
  content_type text NOT NULL,
  -- UPLOADING until attached and checked, then PENDING → VERIFIED | REJECTED by an admin
  status text NOT NULL DEFAULT 'UPLOADING',
  reject_reason text,
  expires_on date,
  expiry_notified_at timestamptz,
  current boolean NOT NULL DEFAULT false,
  created_by text NOT NULL,
  reviewed_by text,
  reviewed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX fleet_documents_vehicle ON fleet_documents (vehicle_id, doc_type) WHERE current;
CREATE INDEX fleet_documents_operator ON fleet_documents (operator_id, doc_type) WHERE current;
CREATE INDEX fleet_documents_status ON fleet_documents (status, created_at) WHERE current;
CREATE INDEX fleet_documents_expiry ON fleet_documents (expires_on) WHERE current AND expiry_notified_at IS NULL;

CREATE TABLE vehicle_lookups (
  kind text NOT NULL,
  value numeric(6,1) NOT NULL,
  label text NOT NULL,
  label_hi text NOT NULL,
  sort integer NOT NULL,
  PRIMARY KEY (kind, value)
);
INSERT INTO vehicle_lookups (kind, value, label, label_hi, sort) VALUES
  ('tyre', 6, '6 tyres', '6 टायर', 1), ('tyre', 10, '10 tyres', '10 टायर', 2), ('tyre', 12, '12 tyres', '12 टायर', 3),
  ('tyre', 14, '14 tyres', '14 टायर', 4), ('tyre', 16, '16 tyres', '16 टायर', 5), ('tyre', 18, '18 tyres', '18 टायर', 6),
  ('tyre', 22, '22 tyres', '22 टायर', 7),
  ('size', 14, '14 ft', '14 फ़ुट', 1), ('size', 17, '17 ft', '17 फ़ुट', 2), ('size', 19, '19 ft', '19 फ़ुट', 3),
  ('size', 20, '20 ft', '20 फ़ुट', 4), ('size', 22, '22 ft', '22 फ़ुट', 5), ('size', 24, '24 ft', '24 फ़ुट', 6),
  ('size', 28, '28 ft', '28 फ़ुट', 7), ('size', 32, '32 ft', '32 फ़ुट', 8), ('size', 40, '40 ft', '40 फ़ुट', 9),
  ('tonnage', 4, '4 ton', '4 टन', 1), ('tonnage', 7, '7 ton', '7 टन', 2), ('tonnage', 9, '9 ton', '9 टन', 3),
  ('tonnage', 16, '16 ton', '16 टन', 4), ('tonnage', 19, '19 ton', '19 टन', 4), ('tonnage', 21, '21 ton', '21 टन', 5), ('tonnage', 25, '25 ton', '25 टन', 6),
  ('tonnage', 31, '31 ton', '31 टन', 7), ('tonnage', 35, '35 ton', '35 टन', 8), ('tonnage', 40, '40 ton', '40 टन', 9), ('tonnage', 42, '42 ton', '42 टन', 10),
  ('height', 6, '6 ft', '6 फ़ुट', 1), ('height', 7, '7 ft', '7 फ़ुट', 2), ('height', 7.5, '7.5 ft', '7.5 फ़ुट', 3), ('height', 8, '8 ft', '8 फ़ुट', 3),
  ('height', 8.5, '8.5 ft', '8.5 फ़ुट', 4), ('height', 9.5, '9.5 ft', '9.5 फ़ुट', 5), ('height', 12, '12 ft', '12 फ़ुट', 6);

ALTER TABLE drivers ADD COLUMN licence_number text;
ALTER TABLE drivers ADD COLUMN licence_expiry date;
ALTER TABLE drivers ADD COLUMN vehicle_id text REFERENCES vehicles(id);

CREATE TABLE gps_orders (
  id text PRIMARY KEY,
  operator_id text NOT NULL REFERENCES operators(id),
  vehicle_id text NOT NULL REFERENCES vehicles(id),
  status text NOT NULL DEFAULT 'PLACED',
  contact_phone text NOT NULL,
  scheduled_for date,
  device_id text,
  device_identifier text,
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- one open order per vehicle
CREATE UNIQUE INDEX gps_orders_open_vehicle ON gps_orders (vehicle_id) WHERE status IN ('PLACED', 'SCHEDULED');
CREATE INDEX gps_orders_operator ON gps_orders (operator_id, created_at DESC);
