#!/usr/bin/env bash
# Loads a board of READY_TASKS (default 1 000 000) Ready tasks into a scratch PostgreSQL database and prints the
# plans of the next-task query (first page, as `claim` issues it: FOR UPDATE SKIP LOCKED) and of the claim-by-
# identifier lookup, with EXPLAIN (ANALYZE, BUFFERS). The schema is Tasklane's own migration, V1__schema.sql.
#
#   docs/examples/explain-next.sh [READY_TASKS]
#
# Connects with the usual libpq variables (PGHOST, PGPORT, PGUSER, PGPASSWORD); the role must be allowed to create
# databases. The database (TASKLANE_EXPLAIN_DB, default tasklane_explain) is dropped first and again at the end.
# About two minutes per million tasks on a small machine; the output is in docs/operations.md ("Query plans").
set -euo pipefail
n=${1:-1000000}
db=${TASKLANE_EXPLAIN_DB:-tasklane_explain}
here=$(cd "$(dirname "$0")" && pwd)
schema="$here/../../adapter-jdbi/src/main/resources/db/migration/V1__schema.sql"
psql_db() { psql -X -q -v ON_ERROR_STOP=1 -d "$db" "$@"; }

dropdb --if-exists "$db"
createdb "$db"
trap 'dropdb --if-exists "$db"' EXIT
psql_db -f "$schema"

echo "Loading $n Ready tasks ..." >&2
psql_db -v n="$n" <<'SQL'
-- Ready task g (id g, position g) on board 1: a goal when g % 500 = 0, a defect when g % 7 = 0, else work;
-- critical when g % 50 = 0, high when g % 10 = 1, low when g % 3 = 0, else medium; a human task when
-- g % 100 = 50; assigned to user 2 when g % 10 = 3, to user 1 when g % 10 = 7; depends on a Done defect when
-- g % 4 = 1, on the next (Ready) task when g % 4 = 2, on a task that does not exist when g % 1000 = 999.
INSERT INTO tasks (id, board_id, identifier, identifier_rank, identifier_number, type, position, priority_order,
                   title, status, human_task, assigned_to_id, spec, created_by_id, inserted_at, updated_at, version)
SELECT g, 1, prefix || g, rank, g, type, g, -prank, 'Task ' || prefix || g, 'OPEN', human, assignee,
       '{"title":"Task ' || prefix || g || '","type":"' || type || '","priority":"' || priority
         || '","complexity":"SMALL","description":"Generated task ' || g || '","acceptance_criteria":"It is done",'
         || '"needs_review":false,"human_task":' || human || ',"dependencies":[' || COALESCE('"' || dep || '"', '')
         || '],"key_files":[],"verification_steps":[],"required_capabilities":[],"testing_strategy":{},'
         || '"security_considerations":[],"details":{}}',
       1, now(), now(), 0
FROM (
  SELECT g,
         CASE WHEN g % 500 = 0 THEN 'G' WHEN g % 7 = 0 THEN 'D' ELSE 'W' END AS prefix,
         CASE WHEN g % 500 = 0 THEN 2 WHEN g % 7 = 0 THEN 1 ELSE 0 END AS rank,
         CASE WHEN g % 500 = 0 THEN 'GOAL' WHEN g % 7 = 0 THEN 'DEFECT' ELSE 'WORK' END AS type,
         CASE WHEN g % 50 = 0 THEN 'CRITICAL' WHEN g % 10 = 1 THEN 'HIGH' WHEN g % 3 = 0 THEN 'LOW' ELSE 'MEDIUM' END AS priority,
         CASE WHEN g % 50 = 0 THEN 4 WHEN g % 10 = 1 THEN 3 WHEN g % 3 = 0 THEN 1 ELSE 2 END AS prank,
         (g % 100 = 50) AS human,
         CASE g % 10 WHEN 3 THEN 2 WHEN 7 THEN 1 END AS assignee,
         CASE WHEN g % 1000 = 999 THEN 'W' || (10 * :n + g)
              WHEN g % 4 = 1 THEN 'D' || (:n + 1 + g % (:n / 20))
              WHEN g % 4 = 2 AND g % 500 <> 0 THEN CASE WHEN (g + 1) % 7 = 0 THEN 'D' ELSE 'W' END || (g + 1) END AS dep
  FROM generate_series(1, :n) AS g
) s;
INSERT INTO task_dependencies (task_id, board_id, depends_on)
SELECT id, 1, substring(spec FROM '"dependencies":\["([^"]+)"') FROM tasks WHERE spec LIKE '%"dependencies":["%';
-- n/20 Done defects (the dependencies above point at them)
INSERT INTO tasks (id, board_id, identifier, identifier_rank, identifier_number, type, position, priority_order, title,
                   status, human_task, spec, created_by_id, inserted_at, updated_at, version)
SELECT :n + k, 1, 'D' || (:n + k), 1, :n + k, 'DEFECT', :n + k, -2, 'Done D' || (:n + k), 'COMPLETED', FALSE,
       '{"title":"Done D' || (:n + k) || '","type":"DEFECT","priority":"MEDIUM","complexity":"SMALL"}', 1, now(), now(), 3
FROM generate_series(1, :n / 20) AS k;
-- n/100 Doing tasks claimed by user 2; one in ten has an expired lease
INSERT INTO tasks (id, board_id, identifier, identifier_rank, identifier_number, type, position, priority_order, title,
                   status, human_task, assigned_to_id, lease_expires_at, spec, claim, created_by_id, inserted_at,
                   updated_at, version)
SELECT i, 1, 'W' || i, 0, i, 'WORK', i, -2, 'Doing W' || i, 'IN_PROGRESS', FALSE, 2, lease,
       '{"title":"Doing W' || i || '","type":"WORK","priority":"MEDIUM","complexity":"SMALL"}',
       '{"agent_name":"agent-' || k || '","claimed_at":"' || to_char(started AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')
         || '","expires_at":"' || to_char(lease AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')
         || '","claim_token":"token-' || k || '","assignee_before_claim":null}',
       1, started, started, 1
FROM (SELECT k, :n + :n / 20 + k AS i, date_trunc('second', now()) - interval '30 minutes' AS started,
             date_trunc('second', now()) + CASE WHEN k % 10 = 0 THEN interval '-1 minute' ELSE interval '30 minutes' END AS lease
      FROM generate_series(1, :n / 100) AS k) s;
-- n/10 Ready tasks on another board
INSERT INTO tasks (id, board_id, identifier, identifier_rank, identifier_number, type, position, priority_order, title,
                   status, human_task, spec, created_by_id, inserted_at, updated_at, version)
SELECT :n + :n / 20 + :n / 100 + k, 2, 'W' || k, 0, k, 'WORK', k, -2, 'Other W' || k, 'OPEN', FALSE,
       '{"title":"Other W' || k || '","type":"WORK","priority":"MEDIUM","complexity":"SMALL"}', 1, now(), now(), 0
FROM generate_series(1, :n / 10) AS k;
ANALYZE tasks;
ANALYZE task_dependencies;
SELECT board_id, status, count(*) AS tasks FROM tasks GROUP BY 1, 2 ORDER BY 1, 2;
SQL

# The statements exactly as the store issues them (CandidateCursor.readyPage(false, true), JdbiTaskStore
# findByIdentifier and lockById), prepared with the parameter types the JDBC driver sends.
psql_db <<'SQL'
PREPARE next_task (bigint, bigint) AS
SELECT t.id, t.board_id, t.identifier, t.parent_id, t.position, t.status, t.assigned_to_id, t.spec, t.claim, t.completion, t.review, t.changed_files, t.after_goal, t.created_by_id, t.created_by_agent, t.inserted_at, t.updated_at, t.version FROM tasks t WHERE t.board_id = $1 AND t.status = 'OPEN' AND t.type <> 'GOAL' AND t.human_task = FALSE AND (t.assigned_to_id IS NULL OR t.assigned_to_id = $2) AND NOT EXISTS (SELECT 1 FROM task_dependencies d WHERE d.task_id = t.id AND NOT EXISTS (SELECT 1 FROM tasks dt WHERE dt.board_id = d.board_id AND dt.identifier = d.depends_on AND dt.status = 'COMPLETED')) ORDER BY t.board_id, t.status, t.priority_order, t.position, t.id LIMIT 1 FOR UPDATE SKIP LOCKED;
PREPARE by_identifier (bigint, varchar) AS
SELECT t.id, t.board_id, t.identifier, t.parent_id, t.position, t.status, t.assigned_to_id, t.spec, t.claim, t.completion, t.review, t.changed_files, t.after_goal, t.created_by_id, t.created_by_agent, t.inserted_at, t.updated_at, t.version FROM tasks t WHERE t.board_id = $1 AND t.identifier = $2;
PREPARE lock_by_id (bigint, bigint) AS
SELECT t.id, t.board_id, t.identifier, t.parent_id, t.position, t.status, t.assigned_to_id, t.spec, t.claim, t.completion, t.review, t.changed_files, t.after_goal, t.created_by_id, t.created_by_agent, t.inserted_at, t.updated_at, t.version FROM tasks t WHERE t.id = $1 AND t.board_id = $2 FOR UPDATE;
\echo '--- next task, first page, FOR UPDATE SKIP LOCKED (custom plan)'
EXPLAIN (ANALYZE, BUFFERS) EXECUTE next_task(1, 1);
\echo '--- the same, generic plan (what a server-side prepared statement may switch to)'
SET plan_cache_mode = force_generic_plan;
EXPLAIN (ANALYZE, BUFFERS) EXECUTE next_task(1, 1);
RESET plan_cache_mode;
\echo '--- claim by identifier: findByIdentifier, then lockById'
EXPLAIN (ANALYZE, BUFFERS) EXECUTE by_identifier(1, 'W777778');
EXPLAIN (ANALYZE, BUFFERS) EXECUTE lock_by_id(777778, 1);
SQL
