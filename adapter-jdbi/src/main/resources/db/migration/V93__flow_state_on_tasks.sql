-- A task's flow state (dev.tasklane.domain.flow.TaskFlow but its identifier and type, which the row has) moves into
-- its own row: every transition rewrites that row anyway, so the state now costs no row version, no index entry and
-- no tuple lock of its own. task_flow keeps what the figures read by window: the rows of finished tasks (done_ms
-- set), written when a task reaches Done, and the last state of deleted tasks, copied at the deletion, so that the
-- figures still count them as the history does (docs/rules.md, "Flow metrics"). Goals, and tasks stored before the
-- rollup existed, have no state (flow_column NULL).
ALTER TABLE tasks ADD COLUMN flow_column SMALLINT;
ALTER TABLE tasks ADD COLUMN created_ms BIGINT;
ALTER TABLE tasks ADD COLUMN first_claim_ms BIGINT;
ALTER TABLE tasks ADD COLUMN entered_review_ms BIGINT;
ALTER TABLE tasks ADD COLUMN review_decision_ms BIGINT;
ALTER TABLE tasks ADD COLUMN done_ms BIGINT;
ALTER TABLE tasks ADD COLUMN agent_user_id BIGINT;
ALTER TABLE tasks ADD COLUMN agent_name VARCHAR(510);
ALTER TABLE tasks ADD COLUMN review_wait_ms BIGINT;
ALTER TABLE tasks ADD COLUMN review_open_ms BIGINT;
ALTER TABLE tasks ADD COLUMN times_sent_back INTEGER;

UPDATE tasks SET (flow_column, created_ms, first_claim_ms, entered_review_ms, review_decision_ms, done_ms,
                  agent_user_id, agent_name, review_wait_ms, review_open_ms, times_sent_back) =
    (SELECT f.flow_column, f.created_ms, f.first_claim_ms, f.entered_review_ms, f.review_decision_ms, f.done_ms,
            f.agent_user_id, f.agent_name, f.review_wait_ms, f.review_open_ms, f.times_sent_back
     FROM task_flow f WHERE f.task_id = tasks.id)
WHERE id IN (SELECT task_id FROM task_flow);

-- an unfinished task that still exists has its state in its row only
DELETE FROM task_flow WHERE done_ms IS NULL AND task_id IN (SELECT id FROM tasks);

-- The counts of the open columns: the open part of this index only (JdbiFlowStore.OPEN_COUNTS).
CREATE INDEX tasks_flow_open ON tasks (board_id, flow_column)${where_open};
