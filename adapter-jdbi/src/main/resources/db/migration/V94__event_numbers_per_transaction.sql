-- No appender waits for another any more (docs/operations.md, "Events: what is guaranteed").
--
-- A board's move counts get a row per slot: each of a server's connections writes its own
-- (dev.tasklane.adapter.jdbi.JdbiTransactions#countingSlot), and a window's figures add them. What was counted so far
-- is slot 0's.
ALTER TABLE flow_moves ADD COLUMN slot SMALLINT DEFAULT 0 NOT NULL;
${drop_flow_moves_key};
ALTER TABLE flow_moves ADD PRIMARY KEY (board_id, bucket_s, from_column, to_column, slot);
-- The rows the sweeper folds into slot 0 once their bucket is an hour old (JdbiFlowStore#compactMoves): on PostgreSQL
-- only those, a few per bucket of the last hour.
CREATE INDEX flow_moves_slotted ON flow_moves (slot, bucket_s)${where_slotted};

-- On PostgreSQL each transaction numbers its events in a range of its own (its transaction id times 65,536, above
-- every number event_sequence gave, since no transaction wrote 65,536 events), and the row that numbered them, which
-- every appender held until its commit was flushed, goes. An older server still running on this database fails its
-- next append instead of numbering events below those readers have passed: stop older servers before this one
-- starts. H2 keeps the row.
${retire_event_sequence}
