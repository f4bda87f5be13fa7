-- The flow rollup (docs/rules.md, "Flow metrics"; docs/operations.md), written in the transaction of each change.
-- Times are epoch milliseconds (bucket starts: epoch seconds): the figures read up to a hundred thousand rows per
-- window, and a number reads several times faster than a timestamp with time zone.

-- One row per work or defect task: its history folded (dev.tasklane.domain.flow.TaskFlow). Columns are the
-- ordinals of Ready, Doing, Review, Done (0..3).
CREATE TABLE task_flow (
    task_id            BIGINT       NOT NULL PRIMARY KEY,
    board_id           BIGINT       NOT NULL,
    identifier         VARCHAR(24)  NOT NULL,
    type               VARCHAR(8)   NOT NULL,
    flow_column        SMALLINT     NOT NULL,
    created_ms         BIGINT       NOT NULL,
    first_claim_ms     BIGINT,
    entered_review_ms  BIGINT,
    review_decision_ms BIGINT,
    done_ms            BIGINT,
    agent_user_id      BIGINT,
    agent_name         VARCHAR(255),
    review_wait_ms     BIGINT       NOT NULL,
    review_open_ms     BIGINT,
    times_sent_back    INTEGER      NOT NULL
);
-- A window's finished tasks: a range of this index, whatever the history before and after it.
CREATE INDEX task_flow_done ON task_flow (board_id, done_ms);
-- The counts of Ready, Doing and Review now: the open part of this index only.
CREATE INDEX task_flow_open ON task_flow (board_id, flow_column);

-- Column moves counted per board and 15-minute bucket (from_column -1: a creation).
CREATE TABLE flow_moves (
    board_id     BIGINT   NOT NULL,
    bucket_s     BIGINT   NOT NULL,
    from_column  SMALLINT NOT NULL,
    to_column    SMALLINT NOT NULL,
    moves        BIGINT   NOT NULL,
    PRIMARY KEY (board_id, bucket_s, from_column, to_column)
);

-- Each agent's last activity on a board (an agent is a user and an agent name).
CREATE TABLE flow_agents (
    board_id         BIGINT       NOT NULL,
    user_id          BIGINT       NOT NULL,
    agent_name       VARCHAR(255) NOT NULL,
    last_activity_ms BIGINT       NOT NULL,
    PRIMARY KEY (board_id, user_id, agent_name)
);
