-- Each server process caches what an operator's account reads return (ADR 165): its roles with their
-- permissions and live user counts. The database announces every change to those rows on channel
-- bhada_auth as o:<operator id>, the same feed the session cache follows (ADR 153), so a role created,
-- renamed or deleted, a permission added or removed, or a sub-user added, removed or moved is seen by
-- every process, whichever code path wrote it. NOTIFY is delivered at commit; identical payloads of one
-- transaction arrive once.

CREATE OR REPLACE FUNCTION bhada_tenant_notify_roles() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM pg_notify('bhada_auth', 'o:' || OLD.operator_id); END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN PERFORM pg_notify('bhada_auth', 'o:' || NEW.operator_id); END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION bhada_tenant_notify_role_permissions() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  operator text;
BEGIN
  -- a role deleted with its permissions is announced by the roles trigger; its row is gone by now
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    SELECT operator_id INTO operator FROM roles WHERE id = OLD.role_id;
    IF operator IS NOT NULL THEN PERFORM pg_notify('bhada_auth', 'o:' || operator); END IF;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    SELECT operator_id INTO operator FROM roles WHERE id = NEW.role_id;
    IF operator IS NOT NULL THEN PERFORM pg_notify('bhada_auth', 'o:' || operator); END IF;
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION bhada_tenant_notify_users() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.operator_id IS NOT NULL THEN
    PERFORM pg_notify('bhada_auth', 'o:' || OLD.operator_id);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.operator_id IS NOT NULL THEN
    PERFORM pg_notify('bhada_auth', 'o:' || NEW.operator_id);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER roles_tenant_notify AFTER INSERT OR UPDATE OR DELETE ON roles
  FOR EACH ROW EXECUTE FUNCTION bhada_tenant_notify_roles();
CREATE TRIGGER role_permissions_tenant_notify AFTER INSERT OR UPDATE OR DELETE ON role_permissions
  FOR EACH ROW EXECUTE FUNCTION bhada_tenant_notify_role_permissions();
CREATE TRIGGER users_tenant_notify AFTER INSERT OR UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION bhada_tenant_notify_users();
