-- Five indexes of tasks serve queries that match only some rows: the sweepers (a lease, an armed after_goal), a
-- goal's children (a parent) and the archive page (archived_at). On PostgreSQL each holds only those rows, so that
-- an update of any other task, such as every claim and completion of a task outside a goal, writes no entry to
-- them: every update that changes an indexed column writes one entry to each index whose predicate the row meets.
-- Each query implies its index's predicate (a comparison with the column is false for NULL), so the planner uses the
-- index under custom and generic plans alike (PostgresQueryPlanTest). H2 has no partial indexes: the placeholders
-- are empty there (JdbiStores.migrate) and the indexes are recreated as they were.
DROP INDEX tasks_leases;
CREATE INDEX tasks_leases ON tasks (status, lease_expires_at, id)${where_leased};
DROP INDEX tasks_after_goal;
CREATE INDEX tasks_after_goal ON tasks (type, after_goal_armed_at, id)${where_armed};
DROP INDEX tasks_children;
CREATE INDEX tasks_children ON tasks (parent_id, position, id)${where_child};
DROP INDEX tasks_children_status;
CREATE INDEX tasks_children_status ON tasks (parent_id, status)${where_child};
DROP INDEX tasks_board_archived;
CREATE INDEX tasks_board_archived ON tasks (board_id, archived_at, id)${where_archived};
