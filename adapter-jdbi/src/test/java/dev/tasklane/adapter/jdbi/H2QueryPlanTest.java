package dev.tasklane.adapter.jdbi;

import dev.tasklane.adapter.jdbi.JdbiTaskStore.CandidateCursor;
import dev.tasklane.application.port.out.CandidateQuery;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The query plans of {@code next} and {@code claim} on H2 over a large Ready backlog: H2's {@code EXPLAIN} names the
 * index each table is read through ({@code /* public.tasks_queue: ... *}{@code /}) or says {@code tableScan};
 * {@code EXPLAIN ANALYZE} counts the rows each read touched ({@code scanCount}), which must not grow when the
 * backlog grows tenfold. The SQL is the store's own, with the values written in.
 *
 * <p>H2 (2.x) reads every row of the index range of a {@code FOR UPDATE} query before it applies its LIMIT, so
 * on H2 the store never issues a locking page: it reads one row and locks it by id (see {@code CandidateCursor}).
 * The expired-lease stream reads the expired leases through {@code tasks_leases}, not the board's tasks in Doing,
 * whose goals are not bounded by the agents. PostgreSQL: {@link PostgresQueryPlanTest}.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
final class H2QueryPlanTest {
    private static final long SMALL = 5_000;
    private static final long LARGE = 50_000;
    /** Goals in Doing loaded with the larger backlog: ten times the board's tasks in Doing. */
    private static final long GOALS_IN_DOING = 10L * Backlog.DOING;
    private static final Pattern SCAN_COUNT = Pattern.compile("scanCount: (\\d+)");

    private final Instant now = Instant.now();
    private JdbiStores stores;
    private final Map<String, Long> smallCounts = new LinkedHashMap<>();

    @BeforeAll
    void loadBacklog() throws SQLException {
        stores = TestDatabases.h2();
        try (Connection connection = stores.dataSource().getConnection()) {
            Backlog backlog = new Backlog(connection, false);
            backlog.loadFixed(now);
            backlog.loadReady(1, SMALL);
            backlog.analyze();
            for (Map.Entry<String, String> query : firstPages().entrySet()) {
                smallCounts.put(query.getKey(), scanCount(explain(connection, "EXPLAIN ANALYZE " + query.getValue())));
            }
            backlog.loadReady(SMALL + 1, LARGE);
            backlog.loadGoalsInDoing(1, GOALS_IN_DOING);
            backlog.analyze();
        }
    }

    @AfterAll
    void close() {
        if (stores != null) {
            stores.close();
        }
    }

    private String bound(String sql) {
        return sql.replace(":board", String.valueOf(Backlog.BOARD))
                .replace(":user", String.valueOf(Backlog.ME))
                .replace(":now", "TIMESTAMP WITH TIME ZONE '" + now + "'")
                .replace(":before", "TIMESTAMP WITH TIME ZONE '" + now + "'")
                .replace(":after_priority", "-4")
                .replace(":after_position", "100")
                .replace(":after_id", "100");
    }

    private Map<String, String> firstPages() {
        Map<String, String> queries = new LinkedHashMap<>();
        // on H2 a locking page is a reading page of one row, then a lock by id (see CandidateCursor)
        queries.put("ready, first page, reading", bound(CandidateCursor.readyPage(false)));
        queries.put("expired leases, first page, reading", bound(CandidateCursor.expiredPage(false)));
        queries.put("both first pages, reading", bound(CandidateCursor.FIRST_PAGES));
        return queries;
    }

    private Map<String, String> allQueries() {
        Map<String, String> queries = new LinkedHashMap<>(firstPages());
        queries.put("ready, continuation, reading", bound(CandidateCursor.readyPage(true)));
        queries.put("expired leases, continuation, reading", bound(CandidateCursor.expiredPage(true)));
        queries.put("expired claims (sweeper)", bound(JdbiTaskStore.EXPIRED_CLAIMS));
        queries.put("pending after_goals (sweeper)", bound(JdbiTaskStore.PENDING_AFTER_GOALS));
        queries.put("claim by identifier", bound("SELECT " + TaskRows.COLUMNS
                + " FROM tasks t WHERE t.board_id = :board AND t.identifier = 'W100'"));
        return queries;
    }

    @Test
    void noStatementScansTheTaskTable() throws SQLException {
        try (Connection connection = stores.dataSource().getConnection()) {
            for (Map.Entry<String, String> query : allQueries().entrySet()) {
                String plan = explain(connection, "EXPLAIN ANALYZE " + query.getValue());
                String where = query.getKey() + ":\n" + plan;
                assertFalse(plan.toLowerCase().contains("tablescan"), "table scan in " + where);
                if (query.getKey().startsWith("ready")) {
                    assertTrue(plan.toLowerCase().contains("public.tasks_queue"), "tasks_queue not used in " + where);
                }
                if (!query.getKey().contains("locking")) {
                    assertTrue(scanCount(plan) <= 100, "too many rows read in " + where);
                }
            }
        }
    }

    @Test
    void theFirstPageCostsTheSameAtTenTimesTheBacklog() throws SQLException {
        try (Connection connection = stores.dataSource().getConnection()) {
            for (Map.Entry<String, String> query : firstPages().entrySet()) {
                if (query.getKey().contains("locking")) {
                    continue; // see the class comment
                }
                long small = smallCounts.get(query.getKey());
                String plan = explain(connection, "EXPLAIN ANALYZE " + query.getValue());
                long large = scanCount(plan);
                assertTrue(large <= small && large <= 100, query.getKey() + ": " + SMALL + " Ready read " + small
                        + " rows, " + LARGE + " Ready and " + GOALS_IN_DOING + " goals in Doing read " + large + "\n" + plan);
            }
        }
    }

    @Test
    void theStoreReturnsTheFirstCandidateAtScale() {
        CandidateQuery query = new CandidateQuery(Backlog.BOARD, Backlog.ME, Set.of(), now);
        assertEquals("W100", stores.tasks().candidates(query).next().identifier().toString());
        assertEquals("W100", stores.transactions().inTransaction(() -> stores.tasks()
                .lockCandidate(query, stores.tasks().candidates(query).next().id()).orElseThrow().identifier().toString()));
    }

    private static String explain(Connection connection, String sql) throws SQLException {
        try (Statement statement = connection.createStatement(); ResultSet plan = statement.executeQuery(sql)) {
            StringBuilder text = new StringBuilder();
            while (plan.next()) {
                text.append(plan.getString(1)).append('\n');
            }
            return text.toString();
        }
    }

    /** The rows the plan's reads touched, summed over its tables. */
    private static long scanCount(String plan) {
        long rows = 0;
        Matcher counts = SCAN_COUNT.matcher(plan);
        while (counts.find()) {
            rows += Long.parseLong(counts.group(1));
        }
        return rows;
    }
}
