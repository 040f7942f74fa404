-- A mailed consigner report whose mail fails is kept and mailed again with a growing pause (issue 45 §10,
-- ADR 301): the attempts made so far, and the states MAIL_RETRYING / MAIL_FAILED beside BUILDING, MAILED, FAILED.
ALTER TABLE report_requests ADD COLUMN mail_attempts integer NOT NULL DEFAULT 0;
ALTER TABLE report_requests DROP CONSTRAINT report_requests_status_check;
ALTER TABLE report_requests ADD CONSTRAINT report_requests_status_check
  CHECK (status IN ('BUILDING', 'MAILED', 'FAILED', 'MAIL_RETRYING', 'MAIL_FAILED'));
