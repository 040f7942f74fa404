-- Fleet maintenance (issue 12 point 7, ADR 101): service reminders per vehicle, due by a date or an odometer
-- reading, marked done with a note and a cost in paisa. Document expiries are read from fleet_documents.
CREATE TABLE maintenance_reminders (
  id text PRIMARY KEY,
  operator_id text NOT NULL REFERENCES operators(id),
  vehicle_id text NOT NULL REFERENCES vehicles(id),
  kind text NOT NULL,
  note text,
  due_on date,
  due_odometer_km integer,
  -- the vehicle's odometer when the reminder was set or last read
  odometer_km integer,
  status text NOT NULL DEFAULT 'OPEN',
  done_on date,
  done_note text,
  cost_paisa bigint,
  done_by text,
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (due_on IS NOT NULL OR due_odometer_km IS NOT NULL),
  CHECK (status <> 'DONE' OR (done_on IS NOT NULL AND cost_paisa IS NOT NULL AND cost_paisa >= 0))
);
CREATE INDEX maintenance_reminders_operator ON maintenance_reminders (operator_id, vehicle_id, status);
CREATE INDEX maintenance_reminders_done ON maintenance_reminders (operator_id, done_on) WHERE status = 'DONE';
