-- GPS devices and phones (OsmAnd protocol) and the positions they send.
CREATE TABLE tracking_devices (
  id text PRIMARY KEY,
  operator_id text NOT NULL REFERENCES operators(id),
  vehicle_id text NOT NULL REFERENCES vehicles(id),
  label text NOT NULL,
  -- the OsmAnd `id` is a long random secret; only its hash is kept
  identifier_hash text NOT NULL UNIQUE,
  simulated boolean NOT NULL DEFAULT false,
  revoked_at timestamptz,
  last_seen_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX tracking_devices_vehicle ON tracking_devices (vehicle_id);
CREATE INDEX tracking_devices_operator ON tracking_devices (operator_id);

CREATE TABLE positions (
  id bigserial PRIMARY KEY,
  device_id text REFERENCES tracking_devices(id),
  vehicle_id text NOT NULL,
  trip_id text,
  lat double precision NOT NULL,
  lng double precision NOT NULL,
  speed_kmph double precision,
  bearing double precision,
  recorded_at timestamptz NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX positions_trip ON positions (trip_id, recorded_at);
CREATE INDEX positions_vehicle ON positions (vehicle_id, recorded_at);
