-- A goal's derived status needs only which statuses its children are in: one index probe per status
-- (JdbiTaskStore.CHILD_STATUSES), whatever the number of children. Claim and complete ask it for the parent goal
-- on every change of a child; before, they read every child of the goal.
CREATE INDEX tasks_children_status ON tasks (parent_id, status);
