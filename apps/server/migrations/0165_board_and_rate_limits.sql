-- Load board fit ranking (ADR 159).
-- The open loads with what the ranking reads (type, body, origin) and what the tab filters on (window), so
-- counting them per fit cell is an index-only scan that never reads the wide rows.
CREATE INDEX demands_board_open ON demands (bidding_ends_at) INCLUDE (id, vehicle_type, body_type, origin_lat, origin_lng, loading_at)
  WHERE state = 'OPEN';
-- Within one fit class the board is ordered by loading time: a page walks this index and stops.
CREATE INDEX demands_board_loading ON demands (loading_at, id) WHERE state = 'OPEN';

-- The request budget shared by several server processes without Redis (ADR 160): one row per key and
-- fixed window. Unlogged: a crash forgets the counts, which only resets budgets early.
CREATE UNLOGGED TABLE rate_limit_hits (
  key text PRIMARY KEY,
  window_ends_at timestamptz NOT NULL,
  hits integer NOT NULL
);
