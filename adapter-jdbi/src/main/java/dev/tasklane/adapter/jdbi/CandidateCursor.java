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
import java.util.List;
import java.util.NoSuchElementException;

/**
 * The claimable candidates of a board in queue order ({@link TaskOrder#NEXT}), read lazily: two keyset-paged
 * streams, the Ready queue and the board's expired leases, merged. Each page continues after the last row
 * seen, so the cost of reaching the first eligible task does not grow with the number of Ready tasks.
 *
 * <p>With {@code query.lock()} each page is one row, and every row handed out is locked until the caller's
 * transaction ends. On PostgreSQL the page is read {@code FOR UPDATE SKIP LOCKED}: a row another transaction
 * is claiming is passed over. H2 applies a locking read's LIMIT only after locking the whole range, so there
 * the row is found by a plain read and then locked by id, waiting for a concurrent claimer (the caller re-checks
 * the locked row, which that claimer may have taken). Without {@code lock()}, pages are larger and nothing is
 * locked.
 *
 * <p>The Ready stream leaves out what the schema can rule out cheaply (goals, human tasks, tasks assigned to
 * someone else, tasks with an unfinished dependency); capabilities and key files are left to the caller's
 * full rules.
 */
final class CandidateCursor implements Iterator<Task> {
    private static final int LOCKED_PAGE = 1;
    private static final int READ_PAGE = 32;

    private static final String READY = "SELECT " + TaskRows.COLUMNS + " FROM tasks t "
            + "WHERE t.board_id = :board AND t.status = '" + Status.OPEN.name() + "' "
            + "AND t.type <> '" + TaskType.GOAL.name() + "' AND t.human_task = FALSE "
            + "AND (t.assigned_to_id IS NULL OR t.assigned_to_id = :user) "
            + "AND NOT EXISTS (SELECT 1 FROM task_dependencies d WHERE d.task_id = t.id AND NOT EXISTS ("
            + "SELECT 1 FROM tasks dt WHERE dt.board_id = d.board_id AND dt.identifier = d.depends_on "
            + "AND dt.status = '" + Status.COMPLETED.name() + "')) ";
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
    static String readyPage(boolean continuation, boolean lock) {
        return page(READY, continuation, lock);
    }

    /** The SQL of one page of the expired-lease stream, as issued (binds :board, :now, and the :after_* keys). */
    static String expiredPage(boolean continuation, boolean lock) {
        return page(EXPIRED, continuation, lock);
    }

    private static String page(String stream, boolean continuation, boolean lock) {
        return page(stream, continuation, lock ? LOCKED_PAGE : READ_PAGE, lock);
    }

    private static String page(String stream, boolean continuation, int size, boolean skipLocked) {
        return stream + (continuation ? AFTER : "") + ORDER + " LIMIT " + size
                + (skipLocked ? " FOR UPDATE SKIP LOCKED" : "");
    }

    private static final String LOCK_BY_ID = "SELECT " + TaskRows.COLUMNS + " FROM tasks t WHERE t.id = :id FOR UPDATE";

    private final Stream ready;
    private final Stream expired;

    /** @param skipLocked whether the database answers {@code FOR UPDATE SKIP LOCKED} pages cheaply (PostgreSQL) */
    CandidateCursor(JdbiTransactions transactions, CandidateQuery query, RowMapper<Task> rows, boolean skipLocked) {
        this.ready = new Stream(transactions, query, rows, READY, skipLocked);
        this.expired = new Stream(transactions, query, rows, EXPIRED, skipLocked);
    }

    @Override
    public boolean hasNext() {
        return ready.peek() != null || expired.peek() != null;
    }

    @Override
    public Task next() {
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
        private final boolean skipLocked;
        private final Deque<Task> page = new ArrayDeque<>();
        private Task last;
        private boolean exhausted;

        Stream(JdbiTransactions transactions, CandidateQuery query, RowMapper<Task> rows, String sql, boolean skipLocked) {
            this.transactions = transactions;
            this.query = query;
            this.rows = rows;
            this.sql = sql;
            this.skipLocked = skipLocked;
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
            int size = query.lock() ? LOCKED_PAGE : READ_PAGE;
            boolean lockInPage = query.lock() && skipLocked;
            String text = page(sql, last != null, size, lockInPage);
            page.addAll(transactions.withHandle(handle -> {
                Query select = handle.createQuery(text)
                        .bind("board", query.boardId())
                        .bind("user", query.userId())
                        .bind("now", TaskRows.timestamp(query.now()));
                if (last != null) {
                    select.bind("after_priority", TaskRows.priorityOrder(last))
                            .bind("after_position", last.position())
                            .bind("after_id", last.id());
                }
                List<Task> found = select.map(rows).list();
                if (!query.lock() || lockInPage) {
                    return found;
                }
                // the row was read without a lock: lock it now, and hand out what it is once locked
                return found.stream().flatMap(row -> handle.createQuery(LOCK_BY_ID).bind("id", row.id())
                        .map(rows).findOne().stream()).toList();
            }));
            exhausted = page.size() < size;
        }
    }
}
