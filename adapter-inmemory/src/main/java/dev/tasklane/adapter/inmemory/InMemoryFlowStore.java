package dev.tasklane.adapter.inmemory;

import dev.tasklane.application.port.out.FlowStore;
import dev.tasklane.domain.flow.AgentActivity;
import dev.tasklane.domain.flow.FlowAgent;
import dev.tasklane.domain.flow.TaskFlow.MoveCount;
import dev.tasklane.domain.flow.TaskFlow;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.id.TaskId;
import dev.tasklane.domain.task.Status;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * The flow rollup in memory (docs/rules.md, "Flow metrics"; docs/in-memory-store.md): each task's
 * {@link TaskFlow}, and per board its finished tasks ordered by Done time, its open counts per column, its moves
 * per bucket and its agents' last activity. Every write is journaled in the shared {@link InMemoryTransactions},
 * so a rolled-back use case leaves the rollup as it was. A window's figures read the finished tasks of that window
 * and the moves since its start, never the rest of the history.
 */
final class InMemoryFlowStore implements FlowStore {
    private static final Comparator<Done> DONE_ORDER = Comparator.comparing(Done::at).thenComparingLong(Done::taskId);

    private final InMemoryTransactions transactions;
    private final IdTable<Row> rows = new IdTable<>();
    private final Map<Long, Board> boards = new ConcurrentHashMap<>();

    InMemoryFlowStore(InMemoryTransactions transactions) {
        this.transactions = Objects.requireNonNull(transactions, "transactions");
    }

    private record Row(long boardId, TaskFlow flow) {
    }

    private record Done(Instant at, long taskId) {
    }

    private record Move(Instant bucket, int from, int to) implements Comparable<Move> {
        @Override
        public int compareTo(Move other) {
            int byTime = bucket.compareTo(other.bucket);
            return byTime != 0 ? byTime : from != other.from ? Integer.compare(from, other.from) : Integer.compare(to, other.to);
        }
    }

    /** One board's part of the rollup. */
    private static final class Board {
        final NavigableMap<Done, TaskFlow> finished = new TreeMap<>(DONE_ORDER);
        final long[] open = new long[Status.values().length];
        final NavigableMap<Move, Long> moves = new TreeMap<>();
        final Map<FlowAgent, Instant> agents = new HashMap<>();
    }

    private Board board(long boardId) {
        return boards.computeIfAbsent(boardId, id -> new Board());
    }

    @Override
    public Optional<TaskFlow> flow(TaskId taskId) {
        return tx(() -> Optional.ofNullable(rows.get(taskId.value())).map(Row::flow));
    }

    @Override
    public void putFlow(BoardId boardId, TaskId taskId, TaskFlow flow) {
        transactions.run(() -> {
            long id = taskId.value();
            Row before = rows.get(id);
            Row after = new Row(boardId.value(), flow);
            transactions.onRollback(() -> replace(id, after, before));
            replace(id, before, after);
        });
    }

    /** The one way a row changes, forwards and back: its indexes follow it. */
    private void replace(long taskId, Row before, Row after) {
        if (before != null) {
            Board board = board(before.boardId());
            board.open[before.flow().column().ordinal()]--;
            if (before.flow().doneAt() != null) {
                board.finished.remove(new Done(before.flow().doneAt(), taskId));
            }
        }
        if (after == null) {
            rows.put(taskId, null);
            return;
        }
        rows.put(taskId, after);
        Board board = board(after.boardId());
        board.open[after.flow().column().ordinal()]++;
        if (after.flow().doneAt() != null) {
            board.finished.put(new Done(after.flow().doneAt(), taskId), after.flow());
        }
    }

    @Override
    public void addMoves(BoardId boardId, List<MoveCount> moves) {
        transactions.run(() -> {
            NavigableMap<Move, Long> counts = board(boardId.value()).moves;
            for (MoveCount move : moves) {
                Move key = new Move(MoveCount.bucketOf(move.at()), move.from() == null ? -1 : move.from().ordinal(),
                        move.to().ordinal());
                Long before = counts.get(key);
                transactions.onRollback(() -> {
                    if (before == null) {
                        counts.remove(key);
                    } else {
                        counts.put(key, before);
                    }
                });
                counts.merge(key, move.count(), Long::sum);
            }
        });
    }

    @Override
    public void touchAgents(BoardId boardId, Map<FlowAgent, Instant> lastActivity) {
        transactions.run(() -> {
            Map<FlowAgent, Instant> agents = board(boardId.value()).agents;
            lastActivity.forEach((agent, at) -> {
                Instant before = agents.get(agent);
                if (before == null || at.isAfter(before)) {
                    transactions.onRollback(() -> {
                        if (before == null) {
                            agents.remove(agent);
                        } else {
                            agents.put(agent, before);
                        }
                    });
                    agents.put(agent, at);
                }
            });
        });
    }

    @Override
    public List<TaskFlow> finished(BoardId boardId, Instant from, Instant to) {
        return tx(() -> List.copyOf(board(boardId.value()).finished
                .subMap(new Done(from, Long.MIN_VALUE), true, new Done(to, Long.MIN_VALUE), false).values()));
    }

    @Override
    public Map<Status, Long> openCounts(BoardId boardId) {
        return tx(() -> {
            long[] open = board(boardId.value()).open;
            Map<Status, Long> counts = new EnumMap<>(Status.class);
            for (Status column : List.of(Status.OPEN, Status.IN_PROGRESS, Status.REVIEW)) {
                if (open[column.ordinal()] > 0) {
                    counts.put(column, open[column.ordinal()]);
                }
            }
            return counts;
        });
    }

    @Override
    public List<MoveCount> moves(BoardId boardId, Instant since) {
        return tx(() -> {
            Status[] columns = Status.values();
            List<MoveCount> moves = new ArrayList<>();
            board(boardId.value()).moves.tailMap(new Move(MoveCount.bucketOf(since), -2, -2), true).forEach((key, count) -> {
                if (!key.bucket().isBefore(since)) {
                    moves.add(new MoveCount(key.bucket(), key.from() < 0 ? null : columns[key.from()], columns[key.to()], count));
                }
            });
            return moves;
        });
    }

    @Override
    public List<AgentActivity> agents(BoardId boardId) {
        return tx(() -> {
            List<AgentActivity> agents = new ArrayList<>();
            board(boardId.value()).agents.forEach((agent, at) -> agents.add(new AgentActivity(agent, at)));
            return agents;
        });
    }

    private <T> T tx(Supplier<T> read) {
        return transactions.inTransaction(read);
    }
}
