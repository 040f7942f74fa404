-- Big lists at 50 connections (ADR 172).
-- The trips list and the tags list keep their exact totals and page marks per process (the tenant read
-- cache, ADR 165). The database announces every change that can move them as o:<operator id> on bhada_auth:
-- a trip added, removed or moved to another state; a tag added, removed or moved to another vehicle; a
-- vehicle added, removed or renumbered. Position updates and other columns announce nothing.

CREATE OR REPLACE FUNCTION bhada_tenant_notify_operator_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.operator_id IS NOT NULL THEN
    PERFORM pg_notify('bhada_auth', 'o:' || OLD.operator_id);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.operator_id IS NOT NULL THEN
    PERFORM pg_notify('bhada_auth', 'o:' || NEW.operator_id);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER trips_tenant_notify AFTER INSERT OR DELETE OR UPDATE OF operator_id, state, created_at ON trips
  FOR EACH ROW EXECUTE FUNCTION bhada_tenant_notify_operator_rows();
CREATE TRIGGER fastags_tenant_notify AFTER INSERT OR DELETE OR UPDATE OF operator_id, vehicle_id ON fastags
  FOR EACH ROW EXECUTE FUNCTION bhada_tenant_notify_operator_rows();
CREATE TRIGGER vehicles_tenant_notify AFTER INSERT OR DELETE OR UPDATE OF operator_id, number ON vehicles
  FOR EACH ROW EXECUTE FUNCTION bhada_tenant_notify_operator_rows();

-- An operator's trips in list order with their state: the count, the page marks and the ids a page skips
-- come from the index alone. It covers the narrower index of 0003 (same leading columns).
DROP INDEX IF EXISTS trips_operator;
CREATE INDEX trips_operator ON trips (operator_id, created_at DESC, id DESC) INCLUDE (state);
