-- Every server process caches sessions and permissions (ADR 153). The database itself announces each change
-- that can alter who a token stands for, on channel bhada_auth, so no write path can forget to: a revoked or
-- reassigned session (s:<session id>), a changed or removed user (u:<user id>) and a role whose permissions
-- changed (r:<role id>). NOTIFY is delivered when the writing transaction commits, to every listener.

CREATE OR REPLACE FUNCTION bhada_auth_notify_session() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('bhada_auth', 's:' || OLD.id);
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION bhada_auth_notify_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('bhada_auth', 'u:' || OLD.id);
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION bhada_auth_notify_role() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM pg_notify('bhada_auth', 'r:' || OLD.role_id); END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN PERFORM pg_notify('bhada_auth', 'r:' || NEW.role_id); END IF;
  RETURN NULL;
END $$;

-- last_seen_at is touched once a minute per session and changes nobody's rights: it does not notify
CREATE TRIGGER sessions_auth_notify AFTER UPDATE OF revoked_at, user_id, token_hash OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION bhada_auth_notify_session();
CREATE TRIGGER users_auth_notify AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION bhada_auth_notify_user();
CREATE TRIGGER role_permissions_auth_notify AFTER INSERT OR UPDATE OR DELETE ON role_permissions
  FOR EACH ROW EXECUTE FUNCTION bhada_auth_notify_role();
