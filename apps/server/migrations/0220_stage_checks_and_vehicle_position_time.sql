-- Stages checked against geography (issue 48 §3, ADR 270): a reached-point stage keeps how it was checked
-- (distance, radius, position time) or the override and its reason, on the trip's history.
ALTER TABLE trip_events ADD COLUMN stage_check jsonb;
-- One truth for where a truck is (issue 48 §4, ADR 270): the vehicle row carries its latest tracked position
-- and when it was recorded; a null time means the place was given at registration, not tracked.
ALTER TABLE vehicles ADD COLUMN position_at timestamptz;
