-- The core of a trip, created when a won load's token is paid; the trips area extends it.
CREATE TABLE trips (
  id text PRIMARY KEY,
  demand_id text NOT NULL UNIQUE,
  operator_id text NOT NULL REFERENCES operators(id),
  consigner_code text REFERENCES consigners(code),
  vehicle_id text NOT NULL REFERENCES vehicles(id),
  driver_name text NOT NULL,
  driver_phone text NOT NULL,
  state text NOT NULL DEFAULT 'ASSIGNED',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX trips_operator ON trips (operator_id, created_at DESC);
CREATE INDEX trips_consigner ON trips (consigner_code, created_at DESC);
