-- The driver's link (issue 49, ADR 260): one live signed link per trip, opened from the driver's phone with
-- no login. Only the token's hash is kept; the link ends with the trip (plus a grace period) or when revoked.
CREATE TABLE driver_links (
  id text PRIMARY KEY,
  token_hash text NOT NULL UNIQUE,
  trip_id text NOT NULL REFERENCES trips(id),
  operator_id text NOT NULL,
  driver_id text,
  driver_phone text NOT NULL,
  issued_by text,
  issued_at timestamptz NOT NULL DEFAULT now(),
  -- the last day the link can ever be used, whatever the trip does
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  opened_at timestamptz,
  last_report_at timestamptz,
  location_state text NOT NULL DEFAULT 'NEVER' CHECK (location_state IN ('NEVER', 'SHARING', 'STOPPED')),
  location_changed_at timestamptz
);
CREATE INDEX driver_links_trip ON driver_links (trip_id, issued_at DESC);
CREATE UNIQUE INDEX driver_links_one_live ON driver_links (trip_id) WHERE revoked_at IS NULL;

-- Every action the phone sends, once: a replayed action id answers the first result and changes nothing.
CREATE TABLE driver_actions (
  trip_id text NOT NULL,
  action_id text NOT NULL,
  link_id text NOT NULL,
  kind text NOT NULL,
  happened_at timestamptz NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  result jsonb NOT NULL DEFAULT '{}'::jsonb,
  PRIMARY KEY (trip_id, action_id)
);

-- where the trip's positions come from: null (a device or the simulator) or DRIVER_PHONE
ALTER TABLE trips ADD COLUMN tracking_source text;
