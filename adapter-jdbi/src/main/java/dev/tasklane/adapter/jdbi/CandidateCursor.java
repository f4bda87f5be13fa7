package dev.tasklane.adapter.jdbi;

import dev.tasklane.application.port.out.CandidateQuery;
import dev.tasklane.domain.selection.TaskOrder;
import dev.tasklane.domain.task.Status;
import dev.tasklane.domain.task.Task;
import dev.tasklane.domain.task.TaskType;
import org.jdbi.v3.core.mapper.RowMapper;
import org.jdbi.v3.core.statement.Query;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Iterator;
import java.util.NoSuchElementException;

/**
 * The claimable candidates of a board in queue order ({@link TaskOrder#NEXT}), read lazily: two keyset-paged
 * streams, the Ready queue and the board's expired leases, merged. Each page continues after the last row
 * seen, so the cost of reaching the first eligible task does not grow with the number of Ready tasks.
 *
 * <p>Pages are read without locks, so a claimer that steps past tasks it cannot take (capabilities, key
 * files, assignment) leaves them to the other agents; the claimer locks only the task it chose, by id, with
 * {@link #LOCK_CLAIMABLE}.
 *
 * <p>The Ready stream leaves out what the schema can rule out cheaply, each test a pre-filter of a selection rule
 * (docs/rules.md, "Selection"): not open or archived (S1, {@code SelectionRule.READY_OR_EXPIRED}), goals and human
 * tasks (S2, {@code CLAIMABLE_TYPE}), tasks with an unfinished dependency (S3, {@code DEPENDENCIES_COMPLETED}),
 * tasks assigned to someone else (S5, {@code ASSIGNEE_MATCHES}); key files and capabilities are left to the
 * caller's full rules.
 */
final class CandidateCursor implements Iterator<Task> {
    /**
     * The rows of a stream's first page. Most walks stop at the first or second candidate (next and claim take
     * the first eligible task that no other claimer holds), and every row read is mapped whole, spec and
     * documents included: the 8-agent profile of bench/bounds.md ("What bounds the claim throughput") found
     * next spending most of its CPU mapping a first page of 32 rows to use one. Eight leaves room for as many
     * claimers holding the first rows at once before a second page is needed.
     */
    static final int FIRST_PAGE = 8;
    /** The rows of each continuation page: a walk that got past the first page is stepping over many tasks. */
    static final int PAGE = 32;

    /**
     * Pre-filter of rule S1: archived tasks stay out of the queue (docs/rules.md, "Archive, restore and delete"). The test is on the
     * {@code archive} document, which is set and cleared with {@code archived_at}, because {@code archived_at} leads
     * an index ({@code tasks_board_archived}, for the archive page) that H2's planner would then prefer to the queue
     * index, reading every Ready row ({@code H2QueryPlanTest}).
     */
    static final String ON_THE_BOARD = "AND t.archive IS NULL ";
    /** Pre-filter of rule S5: unassigned, or assigned to the caller. */
    private static final String ASSIGNABLE = "AND (t.assigned_to_id IS NULL OR t.assigned_to_id = :user) ";
    /** Pre-filter of rule S3: no dependency that is not completed. */
    private static final String UNBLOCKED = "AND NOT EXISTS (SELECT 1 FROM task_dependencies d WHERE d.task_id = t.id AND NOT EXISTS ("
            + "SELECT 1 FROM tasks dt WHERE dt.board_id = d.board_id AND dt.identifier = d.depends_on "
            + "AND dt.status = '" + Status.COMPLETED.name() + "')) ";
    /** The Ready stream for every user of the board: what a {@link CandidateSnapshots snapshot} holds. */
    private static final String READY_ANYONES = "SELECT " + TaskRows.COLUMNS + " FROM tasks t "
            + "WHERE t.board_id = :board AND t.status = '" + Status.OPEN.name() + "' " + ON_THE_BOARD
            + "AND t.type <> '" + TaskType.GOAL.name() + "' AND t.human_task = FALSE " + UNBLOCKED;
    private static final String READY = READY_ANYONES + ASSIGNABLE;
    private static final String EXPIRED = "SELECT " + TaskRows.COLUMNS + " FROM tasks t "
            + "WHERE t.board_id = :board AND t.status = '" + Status.IN_PROGRESS.name() + "' AND t.lease_expires_at <= :now "
            + "AND t.type <> '" + TaskType.GOAL.name() + "' AND t.human_task = FALSE ";
    /** A row-value comparison, which both databases answer as a range of the queue index. */
    private static final String AFTER = "AND (t.priority_order, t.position, t.id) > (:after_priority, :after_position, :after_id) ";
    /**
     * The queue order. Board and status are fixed by the WHERE clause, so naming them changes nothing but lets H2
     * see that {@code tasks_queue} is already in this order (it does not skip equality-bound leading columns, and
     * would otherwise read and sort the whole Ready column of the board); PostgreSQL sees it either way.
     */
    private static final String ORDER = "ORDER BY t.board_id, t.status, t.priority_order, t.position, t.id";

    /** The SQL of one page of the Ready stream, as issued (binds :board, :user, and the :after_* keys when continuing). */
    static String readyPage(boolean continuation) {
        return page(READY, continuation);
    }

    /** The SQL of one page of the expired-lease stream, as issued (binds :board, :now, and the :after_* keys). */
    static String expiredPage(boolean continuation) {
        return page(EXPIRED, continuation);
    }

    private static String page(String stream, boolean continuation) {
        return stream + (continuation ? AFTER : "") + ORDER + " LIMIT " + limit(continuation);
    }

    private static int limit(boolean continuation) {
        return continuation ? PAGE : FIRST_PAGE;
    }

    /**
     * Locks one chosen candidate if it is still open, or in Doing with an expired claim (binds :id, :board,
     * :now). {@code SKIP LOCKED} answers no row at once when another transaction holds it; a row changed by a
     * transaction that committed while this one waited is re-checked against the condition by PostgreSQL.
     */
    static final String LOCK_CLAIMABLE = "SELECT " + TaskRows.COLUMNS + " FROM tasks t "
            + "WHERE t.id = :id AND t.board_id = :board AND (t.status = '" + Status.OPEN.name() + "' "
            + "OR (t.status = '" + Status.IN_PROGRESS.name() + "' AND t.lease_expires_at <= :now)) " + ON_THE_BOARD
            + "FOR UPDATE";

    /**
     * The first pages of both streams as one statement (binds :board, :user, :now): each stream's page is its own
     * ordered, limited subquery on the queue index, as {@link #readyPage} and {@link #expiredPage} issue them, and
     * the {@code stream} column tells their rows apart. Most walks never need a second page, so a {@code next}
     * reads its candidates in one statement.
     */
    static final String FIRST_PAGES = "SELECT * FROM ((SELECT 0 AS stream, " + READY.substring("SELECT ".length())
            + ORDER + " LIMIT " + FIRST_PAGE + ") UNION ALL (SELECT 1 AS stream, " + EXPIRED.substring("SELECT ".length())
            + ORDER + " LIMIT " + FIRST_PAGE + ")) pages";

    /**
     * The first {@link CandidateSnapshots#ROWS} rows of both streams for every user of the board, as one statement
     * (binds :board, :now): what a snapshot remembers. The user's own filter (assigned to nobody or to them) is
     * applied to the rows when a {@code next} walks them.
     */
    static final String SNAPSHOT = "SELECT * FROM ((SELECT 0 AS stream, " + READY_ANYONES.substring("SELECT ".length())
            + ORDER + " LIMIT " + CandidateSnapshots.ROWS + ") UNION ALL (SELECT 1 AS stream, "
            + EXPIRED.substring("SELECT ".length()) + ORDER + " LIMIT " + CandidateSnapshots.ROWS + ")) pages";

    private final JdbiTransactions transactions;
    private final CandidateQuery query;
    private final RowMapper<Task> rows;
    private final Stream ready;
    private final Stream expired;
    private boolean started;

    CandidateCursor(JdbiTransactions transactions, CandidateQuery query, RowMapper<Task> rows) {
        this.transactions = transactions;
        this.query = query;
        this.rows = rows;
        this.ready = new Stream(transactions, query, rows, READY);
        this.expired = new Stream(transactions, query, rows, EXPIRED);
    }

    /**
     * A walk that starts from a snapshot's rows ({@link CandidateSnapshots}) instead of reading the first pages:
     * each stream's rows, whether the stream had no more when read, and the last row read, after which the walk
     * continues from the database if it gets past the snapshot's rows.
     */
    static CandidateCursor fromSnapshot(JdbiTransactions transactions, CandidateQuery query, RowMapper<Task> rows,
                                        java.util.List<Task> ready, boolean readyComplete, Task readyLast,
                                        java.util.List<Task> expired, boolean expiredComplete, Task expiredLast) {
        CandidateCursor cursor = new CandidateCursor(transactions, query, rows);
        cursor.started = true;
        cursor.ready.prefilled(ready, readyComplete, readyLast);
        cursor.expired.prefilled(expired, expiredComplete, expiredLast);
        return cursor;
    }

    /** Reads both first pages in one statement, the first time a candidate is asked for. */
    private void start() {
        if (started) {
            return;
        }
        started = true;
        java.util.List<Task> readyRows = new java.util.ArrayList<>();
        java.util.List<Task> expiredRows = new java.util.ArrayList<>();
        transactions.withHandle(handle -> {
            handle.createQuery(FIRST_PAGES)
                    .bind("board", query.boardId())
                    .bind("user", query.userId())
                    .bind("now", TaskRows.timestamp(query.now()))
                    .map((row, context) -> (row.getInt("stream") == 0 ? readyRows : expiredRows).add(rows.map(row, context)))
                    .list();
            return null;
        });
        ready.firstPage(readyRows);
        expired.firstPage(expiredRows);
    }

    @Override
    public boolean hasNext() {
        start();
        return ready.peek() != null || expired.peek() != null;
    }

    @Override
    public Task next() {
        start();
        Task fromReady = ready.peek();
        Task fromExpired = expired.peek();
        if (fromReady == null && fromExpired == null) {
            throw new NoSuchElementException();
        }
        if (fromExpired == null || (fromReady != null && TaskOrder.NEXT.compare(fromReady, fromExpired) <= 0)) {
            return ready.take();
        }
        return expired.take();
    }

    /** One keyset-paged query. */
    private static final class Stream {
        private final JdbiTransactions transactions;
        private final CandidateQuery query;
        private final RowMapper<Task> rows;
        private final String sql;
        private final Deque<Task> page = new ArrayDeque<>();
        private Task last;
        /** Where the first page read from the database continues, after rows handed over from a snapshot. */
        private Task resumeAfter;
        private boolean exhausted;

        Stream(JdbiTransactions transactions, CandidateQuery query, RowMapper<Task> rows, String sql) {
            this.transactions = transactions;
            this.query = query;
            this.rows = rows;
            this.sql = sql;
        }

        /** The first page, read with the other stream's ({@link #FIRST_PAGES}). */
        void firstPage(java.util.List<Task> rows) {
            page.addAll(rows);
            exhausted = rows.size() < FIRST_PAGE;
        }

        /** Rows from a snapshot, the stream's first rows up to {@code lastRead}; {@code complete}: no more after it. */
        void prefilled(java.util.List<Task> rows, boolean complete, Task lastRead) {
            page.addAll(rows);
            exhausted = complete;
            resumeAfter = lastRead;
        }

        Task peek() {
            if (page.isEmpty() && !exhausted) {
                fetch();
            }
            return page.peekFirst();
        }

        Task take() {
            Task next = page.removeFirst();
            last = next;
            return next;
        }

        private void fetch() {
            Task after = resumeAfter != null ? resumeAfter : last;
            resumeAfter = null;
            boolean continuation = after != null;
            String text = page(sql, continuation);
            page.addAll(transactions.withHandle(handle -> {
                Query select = handle.createQuery(text)
                        .bind("board", query.boardId())
                        .bind("user", query.userId())
                        .bind("now", TaskRows.timestamp(query.now()));
                if (continuation) {
                    select.bind("after_priority", TaskRows.priorityOrder(after))
                            .bind("after_position", after.position())
                            .bind("after_id", after.id());
                }
                return select.map(rows).list();
            }));
            exhausted = page.size() < limit(continuation);
        }
    }
}
