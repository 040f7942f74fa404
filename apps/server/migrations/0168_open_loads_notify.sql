-- The OPEN tab's loads per fit cell are kept per process as a read of the whole marketplace (ADR 173): the
-- database announces o:* on bhada_auth whenever a load is posted, removed, moves state or changes what the
-- board filters and ranks on (bidding end, vehicle type, body, origin). One announcement per statement;
-- identical payloads of one transaction arrive once.

CREATE OR REPLACE FUNCTION bhada_notify_open_loads() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('bhada_auth', 'o:*');
  RETURN NULL;
END $$;

CREATE TRIGGER demands_open_notify
  AFTER INSERT OR DELETE OR UPDATE OF state, bidding_ends_at, vehicle_type, body_type, origin_lat, origin_lng ON demands
  FOR EACH STATEMENT EXECUTE FUNCTION bhada_notify_open_loads();
