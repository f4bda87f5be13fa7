#!/usr/bin/env bash
# A whole agent session with curl alone, following the onboarding document: an empty board becomes a finished
# goal. Two tasks under one goal; the second depends on the first and needs a human review.
#
#   TASKLANE_URL=http://localhost:7070 TASKLANE_TOKEN=<a reviewer/admin token> bash docs/examples/agent-session.sh
#
# The token needs the reviewer flag for step 7 (the bootstrap token has it): there it mints a second reviewer
# token, since the token that completed the work may not review it. An agent's own token would stop at step 6
# and wait for a person. Exits non-zero at the first unexpected answer.
set -euo pipefail

URL="${TASKLANE_URL:-http://localhost:7070}"
TOKEN="${TASKLANE_TOKEN:?set TASKLANE_TOKEN to an API token}"
AGENT="curl-agent"
OK_HOOK='{"exit_code": 0, "output": "hook ran", "duration_ms": 5}'

call() { # METHOD PATH [BODY] -> prints the response body; fails on a non-2xx status
  local method=$1 path=$2 body=${3:-}
  local args=(-sS -X "$method" "$URL$path" -H "Authorization: Bearer $TOKEN" -w '\n%{http_code}')
  [ -n "$body" ] && args+=(-H 'Content-Type: application/json' -d "$body")
  local out status
  out=$(curl "${args[@]}")
  status=${out##*$'\n'}
  out=${out%$'\n'*}
  if [ "${status:0:1}" != 2 ]; then
    echo "FAILED: $method $path -> $status $out" >&2
    exit 1
  fi
  printf '%s' "$out"
}

expect() { # TEXT NEEDLE WHAT
  case "$1" in
    *"$2"*) echo "ok   $3" ;;
    *) echo "FAILED: $3: expected to find $2 in: $1" >&2; exit 1 ;;
  esac
}

field() { # JSON KEY -> the first string or number value of "KEY" (enough for ids and identifiers)
  printf '%s' "$1" | sed -n "s/.*\"$2\":\"\{0,1\}\([^\",}]*\).*/\1/p" | sed -n '1p'
}

# 0. read the manual (no token needed)
onboarding=$(curl -sSf "$URL/api/agent/onboarding")
expect "$onboarding" '"version":"1.0"' "onboarding version 1.0"

# 1. plan: a goal with two tasks; the second depends on the first (index 0) and needs review
created=$(call POST /api/tasks '{"agent_name": "'"$AGENT"'", "task": {"title": "Ship the login page", "type": "goal",
  "priority": "high", "tasks": [
    {"title": "Add the login endpoint", "type": "work", "priority": "high",
     "key_files": [{"file_path": "lib/auth.ex", "position": 0}],
     "verification_steps": [{"step_type": "command", "step_text": "mix test", "position": 0}]},
    {"title": "Add the login form", "type": "work", "priority": "medium", "needs_review": true,
     "dependencies": [0]}]}}')
goal=$(printf '%s' "$created" | sed -n 's/.*"goal":{"id":\([0-9]*\).*/\1/p')
expect "$created" '"child_tasks"' "goal $goal created with its tasks"

loop_once() { # claims the next task, completes it, prints the complete response
  local next identifier claim id
  next=$(call GET /api/tasks/next)
  identifier=$(field "$next" identifier)
  claim=$(call POST /api/tasks/claim '{"identifier": "'"$identifier"'", "agent_name": "'"$AGENT"'",
    "before_doing_result": '"$OK_HOOK"'}')
  expect "$claim" '"name":"before_doing"' "claimed $identifier (before_doing metadata returned)" >&2
  id=$(field "$claim" id)
  call PATCH "/api/tasks/$id/complete" '{"agent_name": "'"$AGENT"'", "completion_summary": "implemented and tested",
    "actual_complexity": "small", "actual_files_changed": "lib/auth.ex", "time_spent_minutes": 7,
    "after_doing_result": '"$OK_HOOK"', "before_review_result": '"$OK_HOOK"',
    "explorer_result": {"dispatched": false, "reason": "small_task_0_1_key_files",
                        "summary": "A single-file change: the task names one key file and exploring was not needed."},
    "reviewer_result": {"dispatched": false, "reason": "self_reported_review",
                        "summary": "Reviewed my own diff against the acceptance criteria before completing it."}}'
}

# 2-3. the first task: claim, complete; needs_review=false so it is Done and after_review runs at once
first=$(loop_once)
expect "$first" '"status":"completed"' "first task done"
expect "$first" '"name":"after_review"' "after_review handed out at once"

# 4-5. the second task is unblocked now; completing it stops in Review
second=$(loop_once)
expect "$second" '"status":"review"' "second task waits in Review: the agent stops here"
second_id=$(field "$second" id)

# 6. nothing else to claim while it waits
status=$(curl -s -o /dev/null -w '%{http_code}' "$URL/api/tasks/next" -H "Authorization: Bearer $TOKEN")
expect "$status" 404 "next answers 404: nothing left to claim"

# 7. a reviewer approves, with a token of its own: the token that completed the work cannot review it
REVIEWER_TOKEN=$(field "$(call POST /api/tokens '{"name": "curl-session-reviewer", "reviewer": true}')" token)
TOKEN="$REVIEWER_TOKEN" call PATCH "/api/tasks/$second_id/review" '{"review_status": "approved"}' >/dev/null
echo "ok   reviewer approved"

# 8. the agent runs after_review and marks it reviewed; this finished the goal's last child
reviewed=$(call PATCH "/api/tasks/$second_id/mark_reviewed" '{"after_review_result": '"$OK_HOOK"'}')
expect "$reviewed" '"name":"after_goal"' "after_goal handed out with the last child"

# 9. the agent runs after_goal and reports it on the goal
done_goal=$(call PATCH "/api/tasks/$goal/after_goal" '{"exit_code": 0, "output": "goal wrapped up", "duration_ms": 9}')
final=$(call GET "/api/tasks/$goal")
expect "$final" '"status":"completed"' "goal $goal completed"
echo "session finished: the board went from empty to a finished goal"
