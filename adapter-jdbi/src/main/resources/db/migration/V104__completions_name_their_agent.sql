-- A completion sent without agent_name is the agent's that holds the claim (docs/api.md, "Differences from Stride").
-- Completions stored as the agent "Unknown" before that rule are given to the agent of the task's last claim before
-- the completion, where the history names one: a claim or a rework lease with an agent name other than "Unknown",
-- that name free of quotes, backslashes and control characters (it is written into the completion's JSON text as
-- is). The history entries the completion and its review wrote, and the agents' activity, follow.

CREATE TABLE v104_claim_agents (
    task_id     BIGINT       NOT NULL PRIMARY KEY,
    board_id    BIGINT       NOT NULL,
    user_id     BIGINT,
    claim_entry BIGINT       NOT NULL,
    agent_name  VARCHAR(255) NOT NULL
);

INSERT INTO v104_claim_agents (task_id, board_id, user_id, claim_entry, agent_name)
SELECT c.task_id, c.board_id, h.actor_user_id, c.claim_entry, h.agent_name
FROM (SELECT t.id AS task_id, t.board_id AS board_id,
             (SELECT MAX(h.id) FROM task_history h
              WHERE h.task_id = t.id AND h.kind IN ('CLAIMED', 'REWORK')
                AND h.agent_name IS NOT NULL AND h.agent_name <> 'Unknown'
                AND h.id < (SELECT MAX(d.id) FROM task_history d
                            WHERE d.task_id = t.id AND d.kind IN ('COMPLETED', 'REVIEW_REQUESTED'))) AS claim_entry
      FROM tasks t
      WHERE t.completion LIKE '%"completed_by_agent":"Unknown"%') c
JOIN task_history h ON h.id = c.claim_entry
WHERE ${agent_name_is_plain};

UPDATE tasks SET completion = REPLACE(completion, '"completed_by_agent":"Unknown"',
        (SELECT '"completed_by_agent":"' || a.agent_name || '"' FROM v104_claim_agents a WHERE a.task_id = tasks.id))
WHERE id IN (SELECT task_id FROM v104_claim_agents);

-- the entries after the claim written with the completion's agent: the completion, and Done or rework after review
UPDATE task_history SET agent_name = (SELECT a.agent_name FROM v104_claim_agents a WHERE a.task_id = task_history.task_id)
WHERE agent_name = 'Unknown' AND kind IN ('COMPLETED', 'REVIEW_REQUESTED', 'DONE', 'REWORK')
  AND EXISTS (SELECT 1 FROM v104_claim_agents a WHERE a.task_id = task_history.task_id AND task_history.id > a.claim_entry);

-- an agent's last activity includes the entries it was given; the agent "Unknown" goes where no entry names it any more
UPDATE flow_agents SET last_activity_ms = (
        SELECT MAX(CAST(EXTRACT(EPOCH FROM h.at) * 1000 AS BIGINT)) FROM task_history h JOIN tasks t ON t.id = h.task_id
        WHERE t.board_id = flow_agents.board_id AND h.actor_user_id = flow_agents.user_id
          AND h.agent_name = flow_agents.agent_name)
WHERE EXISTS (SELECT 1 FROM v104_claim_agents a WHERE a.board_id = flow_agents.board_id
                AND a.user_id = flow_agents.user_id AND a.agent_name = flow_agents.agent_name)
  AND EXISTS (SELECT 1 FROM task_history h JOIN tasks t ON t.id = h.task_id
              WHERE t.board_id = flow_agents.board_id AND h.actor_user_id = flow_agents.user_id
                AND h.agent_name = flow_agents.agent_name
                AND CAST(EXTRACT(EPOCH FROM h.at) * 1000 AS BIGINT) > flow_agents.last_activity_ms);

DELETE FROM flow_agents WHERE agent_name = 'Unknown'
  AND EXISTS (SELECT 1 FROM v104_claim_agents a WHERE a.board_id = flow_agents.board_id AND a.user_id = flow_agents.user_id)
  AND NOT EXISTS (SELECT 1 FROM task_history h JOIN tasks t ON t.id = h.task_id
                  WHERE t.board_id = flow_agents.board_id AND h.actor_user_id = flow_agents.user_id
                    AND h.agent_name = 'Unknown');

-- the flow state's agent is its last claim's, which named the agent already; only the completion's copy changed
DROP TABLE v104_claim_agents;
