-- The open sessions of a board, oldest first (AgentSessionStore.openOn: the agents page, the questions queue and the
-- board's marks; ended_at IS NULL), and its sessions ended within a window (endedOn: the awaiting-input figure).
CREATE INDEX agent_sessions_open_board ON agent_sessions (board_id, ended_at, id);
