-- A revised quote rewrites only columns no index holds, so PostgreSQL keeps the new version on the same page
-- (a HOT update) and prunes the old one as it goes (ADR 176). The ranking index put every revision's amount and
-- time into a new index entry: with 200 bidders re-quoting, one load's 200 rows left tens of thousands of dead
-- versions for every standing count to step over until autovacuum came. Every read of quotes is per load
-- (the primary key's prefix) and sorts a load's few hundred rows itself.
DROP INDEX IF EXISTS quotes_ranking;
-- room on each page for the next versions; vacuum the table after a thousand dead rows, not a fifth of it
ALTER TABLE quotes SET (fillfactor = 50, autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 1000);
