-- The flow rollup's two indexes serve a window's finished tasks (done_ms set) and the counts of the open columns
-- (Ready, Doing, Review: flow_column below 3). On PostgreSQL each holds only those rows, so that a claim, whose flow
-- row has no done_ms yet, writes no entry to task_flow_done, and a completion into Done writes none to task_flow_open.
-- The queries imply the predicates (JdbiFlowStore.FINISHED compares done_ms, JdbiFlowStore.OPEN_COUNTS names the
-- same constant), so the planner uses the indexes under generic plans too (PostgresQueryPlanTest). H2 has no partial
-- indexes: the placeholders are empty there (JdbiStores.migrate).
DROP INDEX task_flow_done;
CREATE INDEX task_flow_done ON task_flow (board_id, done_ms)${where_done};
DROP INDEX task_flow_open;
CREATE INDEX task_flow_open ON task_flow (board_id, flow_column)${where_open};
