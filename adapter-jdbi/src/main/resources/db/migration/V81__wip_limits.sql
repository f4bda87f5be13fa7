-- A board's WIP limits, one row per board that has set some (no row: no limit). A claim on a board with a limit
-- updates its row first (claims), which serialises the board's claims until the transaction ends, then counts Doing.
CREATE TABLE board_wip_limits (
    board_id BIGINT NOT NULL PRIMARY KEY,
    doing    INTEGER,
    claims   BIGINT NOT NULL DEFAULT 0
);
