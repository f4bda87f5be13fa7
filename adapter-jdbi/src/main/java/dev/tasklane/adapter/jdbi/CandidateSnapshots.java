package dev.tasklane.adapter.jdbi;

import dev.tasklane.adapter.jdbi.JdbiTaskStore.CandidateCursor;
import dev.tasklane.application.port.out.CandidateQuery;
import dev.tasklane.domain.task.Status;
import dev.tasklane.domain.task.Task;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.mapper.RowMapper;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What {@code next} reads, remembered per board by this server: the first rows of the board's claimable candidates
 * (both streams of {@link CandidateCursor}, for every user), so that a {@code next} in the steady state runs no
 * statement and no transaction (docs/operations.md, "Next from a snapshot"). {@code next} is advisory: the claim
 * locks and re-checks the task it is given, so an answer from a snapshot that another server has overtaken costs
 * that agent a 409 and another {@code next}, never a double claim. The snapshot is kept honest three ways:
 * <ul>
 *   <li>this server's own writes, once committed ({@link #written}): a task that left the candidates (claimed,
 *   in review, done, deleted) is taken out at once; a change that may add a candidate or reorder them (a task
 *   created, made Ready, edited, reordered, archived, restored; a task others wait on changing) drops the board's
 *   snapshot, so the next {@code next} reads afresh;</li>
 *   <li>other servers' writes: their commit's notification ({@link PostgresEventRelay}) drops every snapshot
 *   ({@link #forgetAll});</li>
 *   <li>a bounded lifetime ({@code TASKLANE_NEXT_CACHE}, by the use case's clock): a lost notification, or a lease
 *   that expired since the read, is seen within it.</li>
 * </ul>
 * A read that raced a write of this server is never installed over it: each board counts its changes, and a
 * snapshot read while a change committed either leaves that task out (a removal) or is not kept (a drop).
 * The selection rule stays the domain's: the snapshot only stands in for the store's candidate pages.
 */
final class CandidateSnapshots {
    /**
     * The rows of each stream a snapshot holds. Every claim on this server takes one out; when fewer than
     * {@link CandidateCursor#FIRST_PAGE} are left of a stream that had more, the board is read again. Each row is
     * mapped once per read, so a larger page maps no more rows per claim, but costs more when it lapses unused.
     */
    static final int ROWS = 64;
    /**
     * The most dependency targets a snapshot remembers (the identifiers other tasks of the board wait on): a
     * change to one of them may block or unblock its dependents, so it drops the snapshot. A board with more
     * dependency rows than this drops it at every change of a task that leaves the candidates.
     */
    static final int AWAITED_CAP = 1000;
    static final String AWAITED = "SELECT d.depends_on FROM task_dependencies d WHERE d.board_id = :board LIMIT "
            + (AWAITED_CAP + 1);

    private final Map<Long, Board> boards = new ConcurrentHashMap<>();
    private volatile Duration lifetime = Duration.ZERO;
    private final java.util.concurrent.atomic.AtomicLong generation = new java.util.concurrent.atomic.AtomicLong();

    /** How long a snapshot may answer; zero reads the candidates on every {@code next}. */
    void lifetime(Duration lifetime) {
        this.lifetime = lifetime;
        forgetAll();
    }

    boolean enabled() {
        return !lifetime.isZero() && !lifetime.isNegative();
    }

    /** The candidates of a read-only unit of work: from the board's snapshot, read again when it is missing or old. */
    CandidateCursor candidates(JdbiTransactions transactions, CandidateQuery query, RowMapper<Task> rows) {
        Board board = boards.computeIfAbsent(query.boardId().value(), id -> new Board());
        Snapshot snapshot = board.usable(query.now(), lifetime);
        if (snapshot == null) {
            long started = board.reading();
            long generationAtStart = generation.get();
            Snapshot read;
            try {
                read = transactions.withHandle(handle -> read(handle, query, rows));
            } catch (RuntimeException failed) {
                board.readFailed();
                throw failed;
            }
            snapshot = board.install(read, started, generationAtStart == generation.get());
        }
        return CandidateCursor.fromSnapshot(transactions, query, rows,
                mine(snapshot.ready(), query), snapshot.readyComplete(), last(snapshot.ready()),
                snapshot.expired(), snapshot.expiredComplete(), last(snapshot.expired()));
    }

    /** The rows a user may be handed: unassigned, or assigned to them (as the Ready query filters). */
    private static List<Task> mine(List<Task> ready, CandidateQuery query) {
        List<Task> mine = null;
        for (int i = 0; i < ready.size(); i++) {
            Task task = ready.get(i);
            boolean theirs = task.assignedToId() == null || task.assignedToId().equals(query.userId());
            if (!theirs && mine == null) {
                mine = new ArrayList<>(ready.subList(0, i));
            } else if (theirs && mine != null) {
                mine.add(task);
            }
        }
        return mine == null ? ready : mine;
    }

    private static Task last(List<Task> rows) {
        return rows.isEmpty() ? null : rows.get(rows.size() - 1);
    }

    private static Snapshot read(Handle handle, CandidateQuery query, RowMapper<Task> rows) {
        List<Task> ready = new ArrayList<>();
        List<Task> expired = new ArrayList<>();
        handle.createQuery(CandidateCursor.SNAPSHOT)
                .bind("board", query.boardId())
                .bind("now", TaskRows.timestamp(query.now()))
                .map((row, context) -> (row.getInt("stream") == 0 ? ready : expired).add(rows.map(row, context)))
                .list();
        List<String> targets = handle.createQuery(AWAITED).bind("board", query.boardId()).mapTo(String.class).list();
        Set<String> awaited = targets.size() > AWAITED_CAP ? null : Set.copyOf(targets);
        return new Snapshot(List.copyOf(ready), ready.size() < ROWS, List.copyOf(expired), expired.size() < ROWS,
                awaited, query.now());
    }

    /**
     * A transaction of this server that wrote tasks committed: each task as it was written. Called once per
     * transaction, after its commit.
     */
    void written(Collection changes) {
        for (Map.Entry<Long, Boolean> board : changes.boards.entrySet()) {
            Board state = boards.get(board.getKey());
            if (state == null) {
                continue;
            }
            if (board.getValue()) {
                state.drop();
            } else {
                state.remove(changes.byBoard.get(board.getKey()));
            }
        }
    }

    /** Another server changed the store, or may have while no one listened: every snapshot is read again. */
    void forgetAll() {
        generation.incrementAndGet();
        boards.values().forEach(Board::drop);
    }

    /** The tasks one transaction wrote, by board, to apply once it commits. */
    static final class Collection {
        private final Map<Long, Boolean> boards = new HashMap<>();
        private final Map<Long, List<Task>> byBoard = new HashMap<>();

        /** A task as a transaction inserted or updated it. */
        void written(Task task, boolean inserted) {
            long board = task.boardId().value();
            boolean drop = inserted || task.status() == Status.OPEN || task.isArchived();
            boards.merge(board, drop, Boolean::logicalOr);
            byBoard.computeIfAbsent(board, id -> new ArrayList<>()).add(task);
        }

        /** A change that may add or reorder candidates whatever the task's state. */
        void changedBoard(long board) {
            boards.put(board, true);
        }
    }

    /** The remembered rows of one board and the changes of this server that raced their reading. */
    private static final class Board {
        private Snapshot current;
        /** This server's committed changes to the board, counted. */
        private long changes;
        /** The count at the last drop. */
        private long droppedAt = -1;
        /** Tasks taken out while a read was in flight, with the count at their removal. */
        private final Map<Long, Removed> gone = new HashMap<>();
        /** Reads in flight. */
        private int reads;

        /**
         * The snapshot to answer from, or null to read one. A snapshot running out still answers while another
         * request reads the board again, so that concurrent {@code next}s do not all read it at once.
         */
        synchronized Snapshot usable(Instant now, Duration lifetime) {
            Snapshot snapshot = current;
            if (snapshot == null) {
                return null;
            }
            if (now.isBefore(snapshot.readAt()) || !now.isBefore(snapshot.readAt().plus(lifetime))) {
                current = null;
                return null;
            }
            return snapshot.runningOut() && reads == 0 ? null : snapshot;
        }

        synchronized long reading() {
            reads++;
            return changes;
        }

        synchronized void readFailed() {
            finishRead();
        }

        /**
         * Keeps a snapshot read since {@code started} unless a drop came in between, or a task taken out meanwhile
         * is one others wait on; answers what this request uses, without the tasks taken out meanwhile.
         */
        synchronized Snapshot install(Snapshot read, long started, boolean noForeignChange) {
            Snapshot fresh = read;
            boolean keep = droppedAt < started && noForeignChange;
            if (!gone.isEmpty()) {
                Set<Long> taken = new HashSet<>();
                List<Task> tasks = new ArrayList<>();
                gone.forEach((id, removed) -> {
                    if (removed.at() > started) {
                        taken.add(id);
                        tasks.add(removed.task());
                    }
                });
                fresh = fresh.without(taken);
                keep = keep && !fresh.awaitedAny(tasks);
            }
            if (keep) {
                current = fresh;
            }
            finishRead();
            return fresh;
        }

        private void finishRead() {
            if (--reads == 0) {
                gone.clear();
            }
        }

        synchronized void drop() {
            changes++;
            droppedAt = changes;
            current = null;
        }

        synchronized void remove(List<Task> tasks) {
            changes++;
            if (reads > 0) {
                for (Task task : tasks) {
                    gone.put(task.id().value(), new Removed(task, changes));
                }
            }
            Snapshot snapshot = current;
            if (snapshot == null) {
                return;
            }
            if (snapshot.awaitedAny(tasks)) {
                droppedAt = changes;
                current = null;
                return;
            }
            Set<Long> ids = new HashSet<>();
            tasks.forEach(task -> ids.add(task.id().value()));
            current = snapshot.without(ids);
        }
    }

    /** A task taken out of the candidates by a change of this server, and that change's count. */
    private record Removed(Task task, long at) {
    }

    /**
     * One reading of a board's candidates: each stream's first {@link #ROWS} rows in queue order, whether the stream
     * had no more, the identifiers other tasks wait on (null: more than {@link #AWAITED_CAP}), and when it was read.
     */
    record Snapshot(List<Task> ready, boolean readyComplete, List<Task> expired, boolean expiredComplete,
                    Set<String> awaited, Instant readAt) {
        Snapshot without(Set<Long> ids) {
            if (ids.isEmpty()) {
                return this;
            }
            return new Snapshot(ready.stream().filter(task -> !ids.contains(task.id().value())).toList(), readyComplete,
                    expired.stream().filter(task -> !ids.contains(task.id().value())).toList(), expiredComplete,
                    awaited, readAt);
        }

        /** Fewer rows left than a first page, of a stream that had more: time to read again. */
        boolean runningOut() {
            return (!readyComplete && ready.size() < CandidateCursor.FIRST_PAGE)
                    || (!expiredComplete && expired.size() < CandidateCursor.FIRST_PAGE);
        }

        boolean awaitedAny(List<Task> tasks) {
            if (awaited == null) {
                return true;
            }
            for (Task task : tasks) {
                if (awaited.contains(task.identifier().toString())) {
                    return true;
                }
            }
            return false;
        }
    }
}
