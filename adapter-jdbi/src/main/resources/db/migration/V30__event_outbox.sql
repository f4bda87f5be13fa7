-- The event outbox: every task event, written in the transaction of the change it reports, numbered by one
-- sequence per store. The sequence is a row, not a SEQUENCE: taking numbers updates it, which locks it until
-- the transaction ends, so numbers are handed out in commit order and a reader that saw event n has already
-- been able to see every event below n (see JdbiEventOutbox).
CREATE TABLE event_sequence (
    id      INT    NOT NULL PRIMARY KEY,
    last_id BIGINT NOT NULL
);
INSERT INTO event_sequence (id, last_id) VALUES (1, 0);

CREATE TABLE task_events (
    id            BIGINT       NOT NULL PRIMARY KEY,
    board_id      BIGINT       NOT NULL,
    type          VARCHAR(64)  NOT NULL,
    task_id       BIGINT       NOT NULL,
    identifier    VARCHAR(64)  NOT NULL,
    status        VARCHAR(32)  NOT NULL,
    column_name   VARCHAR(64)  NOT NULL,
    actor_user_id BIGINT,
    agent_name    VARCHAR(200),
    occurred_at   TIMESTAMP WITH TIME ZONE NOT NULL
);
CREATE INDEX task_events_board ON task_events (board_id, id);
CREATE INDEX task_events_occurred ON task_events (occurred_at);
