-- Archived tasks: archived_at is set while a task is archived (the lists and the Ready queue leave those rows out);
-- archive holds the rest of the archive (reason, note, duplicate_of, who) as JSON text.
ALTER TABLE tasks ADD COLUMN archived_at TIMESTAMP WITH TIME ZONE;
ALTER TABLE tasks ADD COLUMN archive TEXT;
-- The archive page lists a board's archived tasks, most recent first.
CREATE INDEX tasks_board_archived ON tasks (board_id, archived_at, id);
