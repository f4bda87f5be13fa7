package dev.tasklane.adapter.jdbi;

import dev.tasklane.adapter.jdbi.JdbiTaskStore.CandidateCursor;
import dev.tasklane.adapter.jdbi.testing.RequiresPostgres;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tasklane.application.port.out.CandidateQuery;
import dev.tasklane.domain.id.TaskId;
import dev.tasklane.domain.task.Task;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The query plans of {@code next} and {@code claim} on PostgreSQL over a large Ready backlog: the exact SQL the
 * store issues ({@link CandidateCursor}, the counters' floors, the sweeper's query) is planned without a
 * sequential scan of {@code tasks} or {@code task_dependencies}, under both the custom plans the JDBC driver
 * gets first and the generic plan a server-side prepared statement may switch to; and the rows and buffers the
 * first page touches do not grow when the backlog grows tenfold. The million-task figures are in
 * {@code docs/operations.md} ("Query plans"), produced by {@code docs/examples/explain-next.sh}.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@RequiresPostgres
final class PostgresQueryPlanTest {
    private static final long SMALL = 5_000;
    private static final long LARGE = 50_000;
    /** Goals in Doing loaded with the larger backlog: ten times the board's tasks in Doing. */
    private static final long GOALS_IN_DOING = 10L * Backlog.DOING;
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern PARAMETER = Pattern.compile(":([a-z_][a-z_0-9]*)");
    private static final Map<String, String> TYPES = Map.ofEntries(Map.entry("board", "bigint"), Map.entry("user", "bigint"),
            Map.entry("now", "timestamptz"), Map.entry("before", "timestamptz"), Map.entry("after_priority", "integer"),
            Map.entry("after_position", "bigint"), Map.entry("after_id", "bigint"), Map.entry("identifier", "varchar"),
            Map.entry("id", "bigint"), Map.entry("ids", "bigint[]"), Map.entry("goal", "bigint"), Map.entry("except", "bigint"),
            Map.entry("from", "bigint"), Map.entry("to", "bigint"));

    private static final Set<String> SWEEPERS_INDEXES = Set.of("tasks_leases", "tasks_after_goal");
    private static final List<String> PLAN_MODES = List.of("force_custom_plan", "force_generic_plan");

    private final Instant now = Instant.now();
    private JdbiStores stores;
    private final Map<String, Cost> smallCosts = new LinkedHashMap<>();

    @BeforeAll
    void loadBacklog() throws SQLException {
        stores = TestDatabases.postgres();
        try (Connection connection = stores.dataSource().getConnection()) {
            Backlog backlog = new Backlog(connection, true);
            backlog.loadFixed(now);
            backlog.loadReady(1, SMALL);
            backlog.analyze();
            for (Map.Entry<String, Planned> query : firstPages().entrySet()) {
                for (String mode : PLAN_MODES) {
                    smallCosts.put(query.getKey() + " (" + mode + ")", cost(explain(connection, query.getValue(), mode)));
                }
            }
            backlog.loadReady(SMALL + 1, LARGE);
            backlog.loadGoalsInDoing(1, GOALS_IN_DOING);
            backlog.analyze();
        }
    }

    /** A statement as the store issues it, with the values to bind. */
    private record Planned(String sql, Map<String, Object> values) {
    }

    /** What executing a plan touched: rows read by its scans (kept or filtered out), and buffers. */
    private record Cost(long rows, long buffers) {
    }

    private Map<String, Planned> firstPages() {
        Map<String, Planned> queries = new LinkedHashMap<>();
        queries.put("ready, first page", new Planned(CandidateCursor.readyPage(false), me()));
        queries.put("expired leases, first page", new Planned(CandidateCursor.expiredPage(false), me()));
        queries.put("both first pages, as next reads them", new Planned(CandidateCursor.FIRST_PAGES, me()));
        return queries;
    }

    private Map<String, Planned> allQueries() {
        Map<String, Planned> queries = new LinkedHashMap<>(firstPages());
        Map<String, Object> afterCritical = new LinkedHashMap<>(me());
        afterCritical.put("after_priority", -4);
        afterCritical.put("after_position", 100L);
        afterCritical.put("after_id", 100L);
        queries.put("ready, continuation", new Planned(CandidateCursor.readyPage(true), afterCritical));
        Map<String, Object> deep = new LinkedHashMap<>(me());
        deep.put("after_priority", -3);
        deep.put("after_position", LARGE / 2 + 1);
        deep.put("after_id", LARGE / 2 + 1);
        queries.put("ready, deep continuation, reading", new Planned(CandidateCursor.readyPage(true), deep));
        queries.put("expired leases, continuation, reading",
                new Planned(CandidateCursor.expiredPage(true), afterCritical));
        // a goal of the backlog (every 500th Ready task is one; none has children here, which costs the same probes)
        queries.put("a goal's child statuses", new Planned(JdbiTaskStore.CHILD_STATUSES,
                Map.of("board", Backlog.BOARD, "goal", 500L, "except", 0L)));
        queries.put("lock the chosen candidate", new Planned(CandidateCursor.LOCK_CLAIMABLE + " SKIP LOCKED",
                Map.of("id", 100L, "board", Backlog.BOARD, "now", now)));
        queries.put("expired claims (sweeper)", new Planned(JdbiTaskStore.EXPIRED_CLAIMS, Map.of("now", now)));
        queries.put("pending after_goals (sweeper)", new Planned(JdbiTaskStore.PENDING_AFTER_GOALS, Map.of("before", now)));
        // as JdbiTaskStore.findByIdentifier issues it: claim by identifier
        queries.put("claim by identifier", new Planned("SELECT " + TaskRows.COLUMNS
                + " FROM tasks t WHERE t.board_id = :board AND t.identifier = :identifier",
                Map.of("board", Backlog.BOARD, "identifier", "W100")));
        return queries;
    }

    private Map<String, Object> me() {
        Map<String, Object> values = new LinkedHashMap<>();
        values.put("board", Backlog.BOARD);
        values.put("user", Backlog.ME);
        values.put("now", now);
        return values;
    }

    /**
     * The sweepers', a goal's children's and the archive page's indexes hold only the rows their queries can match
     * (V91): the backlog's Ready tasks, outside any goal, without a lease, an armed after_goal or an archive, have no
     * entry in them, so that claiming and completing such a task writes none. ANALYZE sets each index's row count
     * (exact for a plain index, estimated from its sample for a partial one); the names resolve in this test's schema.
     */
    @Test
    void theSweeperChildAndArchiveIndexesHoldOnlyTheRowsTheirQueriesCanMatch() throws SQLException {
        Map<String, String> predicates = Map.of("tasks_leases", "lease_expires_at IS NOT NULL",
                "tasks_after_goal", "after_goal_armed_at IS NOT NULL", "tasks_children", "parent_id IS NOT NULL",
                "tasks_children_status", "parent_id IS NOT NULL", "tasks_board_archived", "archived_at IS NOT NULL");
        try (Connection connection = stores.dataSource().getConnection(); Statement statement = connection.createStatement()) {
            statement.execute("ANALYZE tasks");
            long rows = single(statement, "SELECT count(*) FROM tasks");
            assertTrue(indexEntries(statement, "tasks_queue") > rows / 2,
                    "a plain index has an entry per row");
            for (Map.Entry<String, String> index : predicates.entrySet()) {
                long matching = single(statement, "SELECT count(*) FROM tasks WHERE " + index.getValue());
                assertTrue(matching < rows / 100, "the backlog should have few rows with " + index.getValue());
                long entries = indexEntries(statement, index.getKey());
                assertTrue(entries < rows / 20, index.getKey() + " holds " + entries + " entries for " + rows + " tasks, "
                        + matching + " of them with " + index.getValue());
            }
        }
    }

    /**
     * The flow figures read partial indexes that hold only the rows their queries can match (V92, V93): a window's
     * finished tasks read a range of {@code task_flow_done}, which holds no open task, and the open columns' counts
     * read {@code tasks_flow_open}, which holds neither a finished task nor a task without a flow state, and
     * {@code task_flow_open} for the deleted tasks' rows, under custom and generic plans alike.
     */
    @Test
    void theFlowFiguresReadPartialIndexesThatHoldOnlyTheirRows() throws SQLException {
        long done = 40_000;
        long ready = 300;
        long deleted = 30;
        long open = ready + Backlog.DOING + GOALS_IN_DOING + deleted;
        try (Connection connection = stores.dataSource().getConnection(); Statement statement = connection.createStatement()) {
            // finished tasks, deleted ones among them, and a few deleted while open
            statement.execute("INSERT INTO task_flow (task_id, board_id, identifier, type, flow_column, created_ms, "
                    + "done_ms, review_wait_ms, times_sent_back) SELECT 10000000 + n, " + Backlog.BOARD + ", 'W' || n, "
                    + "'work', CASE WHEN n <= " + done + " THEN 3 ELSE 0 END, n * 1000, "
                    + "CASE WHEN n <= " + done + " THEN n * 1000 + 500 END, 0, 0 FROM generate_series(1, "
                    + (done + deleted) + ") AS n");
            // the board's tasks: Done, Doing, and some of the backlog, with their states in their rows
            statement.execute("UPDATE tasks SET flow_column = CASE status WHEN 'COMPLETED' THEN 3 WHEN 'IN_PROGRESS' "
                    + "THEN 1 ELSE 0 END, created_ms = 1000, done_ms = CASE status WHEN 'COMPLETED' THEN 2000 END, "
                    + "review_wait_ms = 0, times_sent_back = 0 WHERE board_id = " + Backlog.BOARD + " AND (id <= " + ready
                    + " OR status IN ('COMPLETED', 'IN_PROGRESS'))");
            statement.execute("ANALYZE task_flow");
            statement.execute("ANALYZE tasks");
            long rows = single(statement, "SELECT count(*) FROM tasks");
            assertTrue(indexEntries(statement, "tasks_flow_open") < rows / 20,
                    "tasks_flow_open holds the open tasks with a state only");
            assertTrue(indexEntries(statement, "task_flow_open") < (done + deleted) / 20,
                    "task_flow_open holds the open tasks only");
            assertTrue(indexEntries(statement, "task_flow_done") > done / 2, "task_flow_done holds the finished tasks");
            Map<String, Planned> queries = new LinkedHashMap<>();
            queries.put("a window's finished tasks", new Planned(JdbiFlowStore.FINISHED,
                    Map.of("board", Backlog.BOARD, "from", 1_000_000L, "to", 1_100_000L)));
            queries.put("the open columns' counts", new Planned(JdbiFlowStore.OPEN_COUNTS, Map.of("board", Backlog.BOARD)));
            Map<String, Set<String>> indexes = Map.of("a window's finished tasks", Set.of("task_flow_done"),
                    "the open columns' counts", Set.of("tasks_flow_open", "task_flow_open", "tasks_pkey"));
            for (Map.Entry<String, Planned> query : queries.entrySet()) {
                for (String mode : List.of("force_custom_plan", "force_generic_plan")) {
                    JsonNode plan = explain(connection, query.getValue(), mode);
                    List<JsonNode> scans = new ArrayList<>();
                    collect(plan, scans);
                    String where = query.getKey() + " (" + mode + "):\n" + plan.toPrettyString();
                    // every scan reads one of the indexes, directly or through a bitmap of one
                    assertTrue(scans.stream().allMatch(scan -> scan.path("Node Type").asText().equals("Bitmap Heap Scan")
                            || indexes.get(query.getKey()).contains(scan.path("Index Name").asText())),
                            "not read through its index: " + where);
                    assertTrue(cost(plan).rows() <= 2 * open, "touched " + cost(plan) + " in " + where);
                }
            }
        }
    }

    /**
     * Whether a bitmap heap scan's bitmaps are all of the sweepers' partial indexes, {@code tasks_leases} and
     * {@code tasks_after_goal} (V91): they hold only leased tasks and armed goals, and the queries' conditions (expired
     * by now, armed before) bound what such a scan reads whatever the plan estimated.
     */
    private static boolean ofSweepersIndexes(JsonNode bitmapHeapScan) {
        List<JsonNode> bitmaps = new ArrayList<>();
        collect(bitmapHeapScan.path("Plans").path(0), bitmaps);
        return !bitmaps.isEmpty() && bitmaps.stream().allMatch(scan -> SWEEPERS_INDEXES.contains(scan.path("Index Name").asText()));
    }

    /** The entries ANALYZE counted in an index of this test's schema. */
    private static long indexEntries(Statement statement, String index) throws SQLException {
        return single(statement, "SELECT reltuples::bigint FROM pg_class WHERE oid = '" + index + "'::regclass");
    }

    private static long single(Statement statement, String sql) throws SQLException {
        try (ResultSet result = statement.executeQuery(sql)) {
            result.next();
            return result.getLong(1);
        }
    }

    @Test
    void noStatementScansTheTaskTableUnderCustomOrGenericPlans() throws SQLException {
        try (Connection connection = stores.dataSource().getConnection()) {
            for (Map.Entry<String, Planned> query : allQueries().entrySet()) {
                for (String mode : List.of("force_custom_plan", "force_generic_plan")) {
                    JsonNode plan = explain(connection, query.getValue(), mode);
                    String where = query.getKey() + " (" + mode + "):\n" + plan.toPrettyString();
                    List<JsonNode> scans = new ArrayList<>();
                    collect(plan, scans);
                    boolean expiredStream = query.getKey().startsWith("expired leases");
                    for (JsonNode scan : scans) {
                        assertFalse(scan.path("Node Type").asText().equals("Seq Scan")
                                        || (scan.path("Node Type").asText().equals("Bitmap Heap Scan") && !ofSweepersIndexes(scan)),
                                "whole-table or bitmap scan of " + scan.path("Relation Name").asText() + " in " + where);
                    }
                    assertTrue(scans.stream().anyMatch(scan -> scan.has("Index Name")), "no index used in " + where);
                    if (query.getKey().startsWith("ready")) {
                        assertTrue(scans.stream().anyMatch(scan -> "tasks_queue".equals(scan.path("Index Name").asText())),
                                "the Ready queue is not read through tasks_queue in " + where);
                    }
                    if (expiredStream) {
                        assertTrue(scans.stream().filter(scan -> scan.has("Index Name"))
                                        .allMatch(scan -> "tasks_leases".equals(scan.path("Index Name").asText())),
                                "the expired leases are not read through tasks_leases alone in " + where);
                    }
                    Cost cost = cost(plan);
                    assertTrue(cost.rows() <= 200 && cost.buffers() <= 600,
                            "touched " + cost + " in " + where);
                }
            }
        }
    }

    /**
     * The operator metrics' Ready depth counts the column from the queue index alone: an index-only scan of its
     * (board_id, status) prefix, no table scan, no row read once the table is vacuumed (as autovacuum keeps it). Asked
     * of the other board, whose 2,000 Ready tasks are a small part of the table; for the backlog's board, Ready is
     * nearly the whole table and reading the table is as good a plan.
     */
    @Test
    void theReadyDepthIsAnIndexOnlyScanOfTheQueue() throws SQLException {
        try (Connection connection = stores.dataSource().getConnection()) {
            try (Statement statement = connection.createStatement()) {
                statement.execute("VACUUM (ANALYZE) tasks");
            }
            Planned depth = new Planned(JdbiTaskStore.READY_COUNTS.replace("<boards>", ":board"),
                    Map.of("board", Backlog.OTHER_BOARD));
            for (String mode : List.of("force_custom_plan", "force_generic_plan")) {
                JsonNode plan = explain(connection, depth, mode);
                String where = "Ready depth (" + mode + "):\n" + plan.toPrettyString();
                List<JsonNode> scans = new ArrayList<>();
                collect(plan, scans);
                assertEquals(1, scans.size(), where);
                assertEquals("Index Only Scan", scans.get(0).path("Node Type").asText(), where);
                assertEquals("tasks_queue", scans.get(0).path("Index Name").asText(), where);
                assertEquals(Backlog.OTHER_BOARD_TASKS, scans.get(0).path("Actual Rows").asLong(), where);
                assertEquals(0, scans.get(0).path("Heap Fetches").asLong(), where);
            }
        }
    }

    /**
     * The first pages read no more rows or buffers, under custom and generic plans, once the backlog is ten times
     * larger and the board holds ten times as many goals in Doing as tasks: the expired-lease stream reads the
     * expired leases, not every row in Doing.
     */
    @Test
    void theFirstPageCostsTheSameAtTenTimesTheBacklog() throws SQLException {
        try (Connection connection = stores.dataSource().getConnection()) {
            assertEquals(LARGE, count(connection, "SELECT COUNT(*) FROM tasks WHERE board_id = 1 AND status = 'OPEN'"));
            for (Map.Entry<String, Planned> query : firstPages().entrySet()) {
                for (String mode : PLAN_MODES) {
                    String key = query.getKey() + " (" + mode + ")";
                    Cost small = smallCosts.get(key);
                    Cost large = cost(explain(connection, query.getValue(), mode));
                    String what = key + ": " + SMALL + " Ready " + small + ", " + LARGE + " Ready and "
                            + GOALS_IN_DOING + " goals in Doing " + large;
                    assertTrue(large.rows() <= small.rows(), "more rows read: " + what);
                    // a B-tree one level deeper costs one more page per index descent
                    assertTrue(large.buffers() <= small.buffers() + 8, "more buffers touched: " + what);
                    assertTrue(large.rows() <= 100, "too many rows for a first page: " + what);
                }
            }
        }
    }

    /**
     * The statements every claim runs, the candidates' first pages and the lock of the first free one, settle on
     * PostgreSQL's generic plan once prepared: after its first five executions a prepared statement is planned again
     * on every execution when its generic plan looks dearer than the custom ones, which costs more database time
     * than executing these statements does. The pages are asked of the other board, of a size like most boards':
     * the backlog's board holds nearly every row, so a custom plan's estimates for it differ from the generic plan's
     * average over boards, and PostgreSQL may rightly keep planning its pages.
     */
    @Test
    void theClaimsStatementsSettleOnAGenericPlan() throws SQLException {
        Map<String, Object> lockValues = new LinkedHashMap<>();
        List<Long> ids = List.of(1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L);
        for (int i = 0; i < ids.size(); i++) {
            lockValues.put("id" + i, ids.get(i));
        }
        lockValues.put("board", Backlog.BOARD);
        lockValues.put("now", now);
        lockValues.put("ids", ids.stream().map(String::valueOf).collect(Collectors.joining(",", "{", "}")));
        Map<String, Planned> statements = new LinkedHashMap<>();
        Map<String, Object> otherBoard = new LinkedHashMap<>(me());
        otherBoard.put("board", Backlog.OTHER_BOARD);
        statements.put("both first pages, as next and claim read them", new Planned(CandidateCursor.FIRST_PAGES, otherBoard));
        statements.put("lock the first free of eight candidates",
                new Planned(CandidateCursor.lockFirstClaimable(ids.size()), lockValues));
        try (Connection connection = stores.dataSource().getConnection()) {
            connection.setAutoCommit(false);
            for (Map.Entry<String, Planned> statement : statements.entrySet()) {
                long[] plans = plansOfTenExecutions(connection, statement.getValue());
                assertTrue(plans[0] >= 5, () -> statement.getKey() + ": " + plans[0] + " generic and " + plans[1]
                        + " custom plans in ten executions; estimated " + estimates(connection, statement.getValue()));
            }
            connection.rollback();
        }
    }

    /** The plans' estimated total costs, custom and generic, with the generic plan. */
    private static String estimates(Connection connection, Planned query) {
        StringBuilder costs = new StringBuilder();
        try {
            for (String mode : PLAN_MODES) {
                JsonNode root = plan(connection, query, mode, "FORMAT JSON");
                costs.append(mode).append(' ').append(root.path("Total Cost").asText()).append("; ");
                if (mode.equals("force_generic_plan")) {
                    costs.append(root.toPrettyString());
                }
            }
        } catch (SQLException failed) {
            costs.append("(not estimated: ").append(failed.getMessage()).append(')');
        }
        return costs.toString();
    }

    /** Prepares the statement, executes it ten times, and answers its generic and custom plans so far. */
    private static long[] plansOfTenExecutions(Connection connection, Planned query) throws SQLException {
        String prepared = prepare(connection, query);
        try (Statement statement = connection.createStatement()) {
            for (int execution = 0; execution < 10; execution++) {
                statement.execute(prepared);
            }
            try (ResultSet plans = statement.executeQuery(
                    "SELECT generic_plans, custom_plans FROM pg_prepared_statements WHERE name = 'planned'")) {
                plans.next();
                return new long[] {plans.getLong(1), plans.getLong(2)};
            } finally {
                statement.execute("DEALLOCATE planned");
            }
        }
    }

    @Test
    void theStoreReturnsTheRightCandidatesAtScale() {
        Iterator<Task> candidates = stores.tasks().candidates(
                new CandidateQuery(Backlog.BOARD, Backlog.ME, Set.of(), now));
        List<String> expected = new ArrayList<>();
        for (int priority = -4; priority <= -3 && expected.size() < 80; priority++) {
            for (long g = 1; g <= LARGE && expected.size() < 80; g++) {
                if (Backlog.priorityOrder(g) == priority && Backlog.eligible(g)) {
                    expected.add(Backlog.identifier(g));
                }
            }
        }
        List<String> actual = new ArrayList<>();
        while (actual.size() < expected.size() && candidates.hasNext()) {
            actual.add(candidates.next().identifier().toString());
        }
        assertEquals(expected, actual);
    }

    @Test
    void aSecondClaimerSkipsTheCandidateTheFirstHoldsAndTakesTheNext() throws Exception {
        CandidateQuery query = new CandidateQuery(Backlog.BOARD, Backlog.ME, Set.of(), now);
        CountDownLatch firstLocked = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        ExecutorService other = Executors.newSingleThreadExecutor();
        try {
            Future<String> first = other.submit(() -> stores.transactions().inTransaction(() -> {
                Task locked = firstLockable(query);
                firstLocked.countDown();
                await(release);
                return locked.identifier().toString();
            }));
            assertTrue(firstLocked.await(10, TimeUnit.SECONDS));
            String second = stores.transactions().inTransaction(() -> firstLockable(query).identifier().toString());
            release.countDown();
            assertEquals("W100", first.get(10, TimeUnit.SECONDS));
            assertEquals("W200", second);
        } finally {
            release.countDown();
            other.shutdownNow();
        }
    }

    /**
     * {@code lockFirstCandidate} on PostgreSQL: offered the first candidates in queue order while another claimer holds
     * the first, it locks the second in one statement, without waiting; offered only held ones, it answers empty at
     * once.
     */
    @Test
    void offeredSeveralCandidatesASecondClaimerLocksTheFirstFreeOneInOneStatement() throws Exception {
        CandidateQuery query = new CandidateQuery(Backlog.BOARD, Backlog.ME, Set.of(), now);
        List<TaskId> firstTwo = stores.transactions().inReadTransaction(() -> {
            Iterator<Task> candidates = stores.tasks().candidates(query);
            return List.of(candidates.next().id(), candidates.next().id());
        });
        CountDownLatch firstLocked = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        ExecutorService other = Executors.newSingleThreadExecutor();
        try {
            Future<String> first = other.submit(() -> stores.transactions().inTransaction(() -> {
                Task locked = stores.tasks().lockFirstCandidate(query, firstTwo).orElseThrow();
                firstLocked.countDown();
                await(release);
                return locked.identifier().toString();
            }));
            assertTrue(firstLocked.await(10, TimeUnit.SECONDS));
            long started = System.nanoTime();
            String second = stores.transactions().inTransaction(() -> stores.tasks().lockFirstCandidate(query, firstTwo)
                    .orElseThrow().identifier().toString());
            Optional<Task> heldOnly = stores.transactions().inTransaction(() -> stores.tasks().lockFirstCandidate(query,
                    firstTwo.subList(0, 1)));
            long waitedMs = (System.nanoTime() - started) / 1_000_000;
            release.countDown();
            assertEquals("W100", first.get(10, TimeUnit.SECONDS));
            assertEquals("W200", second, "the free one of the two, the held one skipped");
            assertTrue(heldOnly.isEmpty(), "a held candidate alone: none locked");
            assertTrue(waitedMs < 5_000, "skipped, not waited for (lock timeout 10 s): " + waitedMs + " ms");
        } finally {
            release.countDown();
            other.shutdownNow();
        }
    }

    /** What a claimer does: walk the unlocked candidates and lock the first one no one else holds. */
    private Task firstLockable(CandidateQuery query) {
        Iterator<Task> candidates = stores.tasks().candidates(query);
        while (candidates.hasNext()) {
            Optional<Task> locked = stores.tasks().lockCandidate(query, candidates.next().id());
            if (locked.isPresent()) {
                return locked.get();
            }
        }
        throw new AssertionError("no candidate could be locked");
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await(10, TimeUnit.SECONDS);
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /** EXPLAIN (ANALYZE, BUFFERS) of the statement prepared server side, under the plan cache mode given. */
    private static JsonNode explain(Connection connection, Planned query, String planCacheMode) throws SQLException {
        return plan(connection, query, planCacheMode, "ANALYZE, BUFFERS, FORMAT JSON");
    }

    /** The root of {@code EXPLAIN (options)} of the statement prepared server side, under the plan cache mode given. */
    private static JsonNode plan(Connection connection, Planned query, String planCacheMode, String options)
            throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.execute("SET plan_cache_mode = " + planCacheMode);
            String execute = prepare(connection, query);
            try (ResultSet plan = statement.executeQuery("EXPLAIN (" + options + ") " + execute)) {
                plan.next();
                return JSON.readTree(plan.getString(1)).get(0).get("Plan");
            } catch (com.fasterxml.jackson.core.JsonProcessingException unreadable) {
                throw new IllegalStateException(unreadable);
            } finally {
                statement.execute("DEALLOCATE planned");
                statement.execute("RESET plan_cache_mode");
            }
        }
    }

    /**
     * Prepares the statement server side as {@code planned}, its named parameters typed by {@link #TYPES} (an
     * {@code :idN} as bigint), and answers the {@code EXECUTE} with the query's values.
     */
    private static String prepare(Connection connection, Planned query) throws SQLException {
        List<String> names = new ArrayList<>();
        Matcher parameters = PARAMETER.matcher(query.sql());
        StringBuilder sql = new StringBuilder();
        while (parameters.find()) {
            String name = parameters.group(1);
            if (!names.contains(name)) {
                names.add(name);
            }
            parameters.appendReplacement(sql, "\\$" + (names.indexOf(name) + 1));
        }
        parameters.appendTail(sql);
        List<String> types = new ArrayList<>();
        List<String> values = new ArrayList<>();
        for (String name : names) {
            types.add(name.matches("id[0-9]+") ? "bigint" : TYPES.get(name));
            Object value = query.values().get(name);
            values.add(value instanceof Number ? value.toString() : "'" + value + "'");
        }
        try (Statement statement = connection.createStatement()) {
            statement.execute("PREPARE planned (" + String.join(", ", types) + ") AS " + sql);
        }
        return "EXECUTE planned (" + String.join(", ", values) + ")";
    }

    private static void collect(JsonNode node, List<JsonNode> scans) {
        if (node.path("Node Type").asText().contains("Scan")) {
            scans.add(node);
        }
        for (JsonNode child : node.path("Plans")) {
            collect(child, scans);
        }
    }

    /**
     * The rows a plan read from tables (kept or filtered out by its table and index scans; a bitmap's rows are counted
     * at its heap scan, a derived table's where they were read), and its buffers.
     */
    private static Cost cost(JsonNode plan) {
        List<JsonNode> scans = new ArrayList<>();
        collect(plan, scans);
        long rows = 0;
        for (JsonNode scan : scans) {
            if (!scan.has("Relation Name")) {
                continue;
            }
            long loops = scan.path("Actual Loops").asLong();
            rows += (scan.path("Actual Rows").asLong() + scan.path("Rows Removed by Filter").asLong()
                    + scan.path("Rows Removed by Index Recheck").asLong()) * loops;
        }
        return new Cost(rows, plan.path("Shared Hit Blocks").asLong() + plan.path("Shared Read Blocks").asLong());
    }

    private static long count(Connection connection, String sql) throws SQLException {
        try (Statement statement = connection.createStatement(); ResultSet result = statement.executeQuery(sql)) {
            result.next();
            return result.getLong(1);
        }
    }
}
