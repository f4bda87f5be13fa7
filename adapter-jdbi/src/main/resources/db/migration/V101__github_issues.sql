-- GitHub issues that become tasks (docs/api.md, "GitHub issues"). A board connects at most one repository; its
-- secret is the one set on GitHub's webhook too (never answered). label_table holds one "label<TAB>meaning" line per
-- entry. An issue's task is found by (board, repository, number); html_url is answered as the task's external_url.
-- A delivery id is kept for 30 days, so that GitHub's redelivery of it changes nothing twice.
CREATE TABLE github_connections (
    board_id      BIGINT       NOT NULL PRIMARY KEY,
    repository    VARCHAR(200) NOT NULL,
    secret        VARCHAR(300) NOT NULL,
    label         VARCHAR(100) NOT NULL,
    label_table   VARCHAR(8000) NOT NULL,
    connected_by  BIGINT       NOT NULL,
    connected_at  TIMESTAMP WITH TIME ZONE NOT NULL
);

CREATE TABLE github_issue_tasks (
    board_id      BIGINT       NOT NULL,
    repository    VARCHAR(200) NOT NULL,
    issue_number  BIGINT       NOT NULL,
    task_id       BIGINT       NOT NULL,
    html_url      VARCHAR(2048) NOT NULL,
    PRIMARY KEY (board_id, repository, issue_number)
);
CREATE INDEX github_issue_tasks_task ON github_issue_tasks (task_id);

CREATE TABLE github_deliveries (
    board_id      BIGINT       NOT NULL,
    delivery_id   VARCHAR(100) NOT NULL,
    received_at   TIMESTAMP WITH TIME ZONE NOT NULL,
    PRIMARY KEY (board_id, delivery_id)
);
CREATE INDEX github_deliveries_received ON github_deliveries (received_at);
