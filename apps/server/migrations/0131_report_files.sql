-- A consigner report is built by a job, kept as a file for download, and mailed (ADR 133).
ALTER TABLE report_requests ADD COLUMN from_date text;
ALTER TABLE report_requests ADD COLUMN to_date text;
ALTER TABLE report_requests ADD COLUMN file_key text;
