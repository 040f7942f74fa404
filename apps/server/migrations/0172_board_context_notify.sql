-- The load board without a database read per request (ADR 192).
--
-- Each process keeps an operator's board context (its verified fleet as the fit order needs it, and its
-- answers on open loads) as tenant board:<operator id> of the tenant read cache (ADR 165). The database
-- announces every change to those rows on bhada_auth as o:board:<operator id>: a quote placed for the first
-- time or withdrawn (a revised quote changes no answer and announces nothing, so the bidding path stays
-- quiet), an answer given, changed or removed, a vehicle added, removed, verified or moved to another type,
-- body, position or operator. Identical payloads of one transaction arrive once.

CREATE OR REPLACE FUNCTION bhada_notify_board_context() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.operator_id IS NOT NULL THEN
    PERFORM pg_notify('bhada_auth', 'o:board:' || OLD.operator_id);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.operator_id IS NOT NULL THEN
    PERFORM pg_notify('bhada_auth', 'o:board:' || NEW.operator_id);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER quotes_board_notify AFTER INSERT OR DELETE OR UPDATE OF demand_id, operator_id ON quotes
  FOR EACH ROW EXECUTE FUNCTION bhada_notify_board_context();
CREATE TRIGGER demand_responses_board_notify AFTER INSERT OR DELETE OR UPDATE OF demand_id, operator_id, consent ON demand_responses
  FOR EACH ROW EXECUTE FUNCTION bhada_notify_board_context();
CREATE TRIGGER vehicles_board_notify
  AFTER INSERT OR DELETE OR UPDATE OF operator_id, status, vehicle_type, body_type, current_lat, current_lng ON vehicles
  FOR EACH ROW EXECUTE FUNCTION bhada_notify_board_context();

-- The open loads' rows are now kept with the open loads themselves (ADR 192): any change to a load, not only to
-- what the board ranks on, drops what each process keeps. Loads change only when they move state, so this
-- announces no more than before.
DROP TRIGGER IF EXISTS demands_open_notify ON demands;
CREATE TRIGGER demands_open_notify AFTER INSERT OR DELETE OR UPDATE ON demands
  FOR EACH STATEMENT EXECUTE FUNCTION bhada_notify_open_loads();
