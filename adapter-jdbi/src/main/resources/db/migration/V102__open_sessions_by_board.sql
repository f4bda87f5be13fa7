-- The open sessions of a board, oldest first: what the agents page, the questions queue and the board's marks read
-- (AgentSessionStore.openOn). Open sessions are few (one per claimed task); the index keeps the read off the ended ones.
CREATE INDEX agent_sessions_open_board ON agent_sessions (board_id, ended_at, id);
