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
  -- the lane as agreed at confirmation, copied so a trip never depends on the load's later edits
  origin_city text NOT NULL,
  destination_city text NOT NULL,
  -- [{ name, address, lat, lng, contactName, contactPhone }]
  loading_points jsonb NOT NULL DEFAULT '[]',
  unloading_points jsonb NOT NULL DEFAULT '[]',
  agreed_price_paisa bigint NOT NULL CHECK (agreed_price_paisa > 0),
  token_amount_paisa bigint NOT NULL DEFAULT 0 CHECK (token_amount_paisa >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX trips_operator ON trips (operator_id, created_at DESC);
CREATE INDEX trips_consigner ON trips (consigner_code, created_at DESC);
