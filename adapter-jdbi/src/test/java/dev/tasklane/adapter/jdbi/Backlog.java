package dev.tasklane.adapter.jdbi;

import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.id.UserId;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;

/**
 * A large board loaded server side with {@code INSERT ... SELECT} over a generated series, for the query-plan
 * tests. Rows are valid tasks (the spec is JSON text the store reads back), shaped like a busy board:
 *
 * <ul>
 *   <li>Ready task {@code g} (id {@code g}, position {@code g}) on board {@link #BOARD}: a goal when
 *       {@code g % 500 == 0}, a defect when {@code g % 7 == 0}, else work; critical when {@code g % 50 == 0},
 *       high when {@code g % 10 == 1}, low when {@code g % 3 == 0}, else medium; a human task when
 *       {@code g % 100 == 50}; assigned to {@link #SOMEONE_ELSE} when {@code g % 10 == 3}, to {@link #ME} when
 *       {@code g % 10 == 7}; depending on a Done defect when {@code g % 4 == 1}, on the next (Ready) task when
 *       {@code g % 4 == 2}, on a task that does not exist when {@code g % 1000 == 999}.</li>
 *   <li>{@link #DONE} Done defects, {@link #DOING} Doing tasks claimed by {@link #SOMEONE_ELSE} (one in ten with
 *       an expired lease), and Ready tasks on another board, loaded once by {@link #loadFixed}.</li>
 * </ul>
 */
final class Backlog {
    static final BoardId BOARD = BoardId.of(1);
    static final BoardId OTHER_BOARD = BoardId.of(2);
    static final UserId ME = UserId.of(1);
    static final UserId SOMEONE_ELSE = UserId.of(2);
    static final int DONE = 1_000;
    static final int DOING = 200;
    static final int OTHER_BOARD_TASKS = 2_000;
    /** Ids (and identifier numbers) of the fixed rows start here, above any Ready task. */
    static final long DONE_BASE = 20_000_000L;
    static final long DOING_BASE = 30_000_000L;
    static final long OTHER_BASE = 40_000_000L;
    static final long DOING_GOALS_BASE = 50_000_000L;

    private final Connection connection;
    private final boolean postgres;

    Backlog(Connection connection, boolean postgres) {
        this.connection = connection;
        this.postgres = postgres;
    }

    /** A one-column table {@code s(g)} of the numbers from..to, in this database's syntax. */
    private String series(long from, long to) {
        return postgres
                ? "(SELECT g FROM generate_series(" + from + ", " + to + ") AS g) s"
                : "(SELECT \"X\" AS g FROM system_range(" + from + ", " + to + ")) s";
    }

    private static String spec(String title, String type, String priority, String human, String dependencies) {
        return "'{\"title\":\"' || " + title + " || '\",\"type\":\"' || " + type + " || '\",\"priority\":\"' || "
                + priority + " || '\",\"complexity\":\"SMALL\",\"acceptance_criteria\":\"done\",\"human_task\":' || "
                + human + " || ',\"dependencies\":[' || " + dependencies + " || ']}'";
    }

    /** The identifier task {@code g} depends on, or NULL (an SQL expression of {@code g}). */
    private static String dependency() {
        return "CASE WHEN g % 1000 = 999 THEN 'W' || (g + 10000000) "
                + "WHEN g % 4 = 1 THEN 'D' || (" + (DONE_BASE + 1) + " + g % " + DONE + ") "
                + "WHEN g % 4 = 2 AND g % 500 <> 0 THEN CASE WHEN (g + 1) % 7 = 0 THEN 'D' ELSE 'W' END || (g + 1) END";
    }

    /** Adds Ready tasks {@code from..to} to {@link #BOARD}, with their dependency rows. */
    void loadReady(long from, long to) throws SQLException {
        String prefix = "CASE WHEN g % 500 = 0 THEN 'G' WHEN g % 7 = 0 THEN 'D' ELSE 'W' END";
        String type = "CASE WHEN g % 500 = 0 THEN 'GOAL' WHEN g % 7 = 0 THEN 'DEFECT' ELSE 'WORK' END";
        String priority = "CASE WHEN g % 50 = 0 THEN 'CRITICAL' WHEN g % 10 = 1 THEN 'HIGH' WHEN g % 3 = 0 THEN 'LOW' "
                + "ELSE 'MEDIUM' END";
        String order = "CASE WHEN g % 50 = 0 THEN -4 WHEN g % 10 = 1 THEN -3 WHEN g % 3 = 0 THEN -1 ELSE -2 END";
        String rank = "CASE WHEN g % 500 = 0 THEN 2 WHEN g % 7 = 0 THEN 1 ELSE 0 END";
        execute("INSERT INTO tasks (id, board_id, identifier, identifier_rank, identifier_number, type, position, "
                + "priority_order, title, status, human_task, assigned_to_id, spec, created_by_id, inserted_at, "
                + "updated_at, version) "
                + "SELECT g, " + BOARD + ", " + prefix + " || g, " + rank + ", g, " + type + ", g, " + order + ", "
                + "'Task ' || g, 'OPEN', g % 100 = 50, CASE WHEN g % 10 = 3 THEN " + SOMEONE_ELSE
                + " WHEN g % 10 = 7 THEN " + ME + " END, "
                + spec("'Task ' || g", type, priority, "CASE WHEN g % 100 = 50 THEN 'true' ELSE 'false' END",
                        "COALESCE('\"' || " + dependency() + " || '\"', '')")
                + ", 1, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP, 0 FROM " + series(from, to));
        execute("INSERT INTO task_dependencies (task_id, board_id, depends_on) SELECT g, " + BOARD + ", " + dependency()
                + " FROM " + series(from, to) + " WHERE " + dependency() + " IS NOT NULL");
    }

    /** The Done defects, the Doing tasks (leases around {@code now}) and the other board's tasks. */
    void loadFixed(Instant now) throws SQLException {
        execute("INSERT INTO tasks (id, board_id, identifier, identifier_rank, identifier_number, type, position, "
                + "priority_order, title, status, human_task, spec, created_by_id, inserted_at, updated_at, version) "
                + "SELECT " + DONE_BASE + " + g, " + BOARD + ", 'D' || (" + DONE_BASE + " + g), 1, " + DONE_BASE
                + " + g, 'DEFECT', " + DONE_BASE + " + g, -2, 'Done ' || g, 'COMPLETED', FALSE, "
                + spec("'Done ' || g", "'DEFECT'", "'MEDIUM'", "'false'", "''")
                + ", 1, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP, 3 FROM " + series(1, DONE));
        Instant started = now.truncatedTo(ChronoUnit.SECONDS).minus(30, ChronoUnit.MINUTES);
        Instant live = started.plus(60, ChronoUnit.MINUTES);
        Instant expired = started.plus(29, ChronoUnit.MINUTES);
        String claim = "'{\"agent_name\":\"agent-' || g || '\",\"claimed_at\":\"" + started
                + "\",\"expires_at\":\"' || CASE WHEN g % 10 = 0 THEN '" + expired + "' ELSE '" + live
                + "' END || '\",\"claim_token\":\"token-' || g || '\",\"assignee_before_claim\":null}'";
        try (PreparedStatement insert = connection.prepareStatement("INSERT INTO tasks (id, board_id, identifier, "
                + "identifier_rank, identifier_number, type, position, priority_order, title, status, human_task, "
                + "assigned_to_id, lease_expires_at, spec, claim, created_by_id, inserted_at, updated_at, version) "
                + "SELECT " + DOING_BASE + " + g, " + BOARD + ", 'W' || (" + DOING_BASE + " + g), 0, " + DOING_BASE
                + " + g, 'WORK', " + DOING_BASE + " + g, -2, 'Doing ' || g, 'IN_PROGRESS', FALSE, " + SOMEONE_ELSE
                + ", CASE WHEN g % 10 = 0 THEN ? ELSE ? END, "
                + spec("'Doing ' || g", "'WORK'", "'MEDIUM'", "'false'", "''") + ", " + claim
                + ", 1, ?, ?, 1 FROM " + series(1, DOING))) {
            insert.setObject(1, OffsetDateTime.ofInstant(expired, ZoneOffset.UTC));
            insert.setObject(2, OffsetDateTime.ofInstant(live, ZoneOffset.UTC));
            insert.setObject(3, OffsetDateTime.ofInstant(started, ZoneOffset.UTC));
            insert.setObject(4, OffsetDateTime.ofInstant(started, ZoneOffset.UTC));
            insert.executeUpdate();
        }
        execute("INSERT INTO tasks (id, board_id, identifier, identifier_rank, identifier_number, type, position, "
                + "priority_order, title, status, human_task, spec, created_by_id, inserted_at, updated_at, version) "
                + "SELECT " + OTHER_BASE + " + g, " + OTHER_BOARD + ", 'W' || g, 0, g, 'WORK', g, -4, 'Other ' || g, "
                + "'OPEN', FALSE, " + spec("'Other ' || g", "'WORK'", "'CRITICAL'", "'false'", "''")
                + ", 1, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP, 0 FROM " + series(1, OTHER_BOARD_TASKS));
    }

    /**
     * Adds goals {@code from..to} in Doing to {@link #BOARD}: goals have no lease of their own, and a goal stays in
     * Doing while a child is, and through its after_goal window once its last child is done, so a busy board holds
     * many more of them than agents.
     */
    void loadGoalsInDoing(long from, long to) throws SQLException {
        execute("INSERT INTO tasks (id, board_id, identifier, identifier_rank, identifier_number, type, position, "
                + "priority_order, title, status, human_task, spec, created_by_id, inserted_at, updated_at, version) "
                + "SELECT " + DOING_GOALS_BASE + " + g, " + BOARD + ", 'G' || (" + DOING_GOALS_BASE + " + g), 2, "
                + DOING_GOALS_BASE + " + g, 'GOAL', " + DOING_GOALS_BASE + " + g, -4, 'Goal ' || g, 'IN_PROGRESS', "
                + "FALSE, " + spec("'Goal ' || g", "'GOAL'", "'CRITICAL'", "'false'", "''")
                + ", 1, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP, 1 FROM " + series(from, to));
    }

    /** New tasks get ids above the loaded ones; the planner's statistics are refreshed. */
    void analyze() throws SQLException {
        execute("ALTER TABLE tasks ALTER COLUMN id RESTART WITH " + (OTHER_BASE * 2));
        if (postgres) {
            execute("ANALYZE tasks, task_dependencies");
        } else {
            execute("ANALYZE");
        }
    }

    /** Whether Ready task {@code g} is a candidate of {@link #ME} that the SQL filters cannot rule out. */
    static boolean eligible(long g) {
        if (g % 500 == 0 || g % 100 == 50 || g % 10 == 3 || g % 1000 == 999) {
            return false;
        }
        return g % 4 != 2; // depends on the next Ready task, or on a task not loaded yet
    }

    /** The identifier of Ready task {@code g}. */
    static String identifier(long g) {
        return (g % 500 == 0 ? "G" : g % 7 == 0 ? "D" : "W") + g;
    }

    /** The queue key of Ready task {@code g}: lower is first. */
    static int priorityOrder(long g) {
        return g % 50 == 0 ? -4 : g % 10 == 1 ? -3 : g % 3 == 0 ? -1 : -2;
    }

    private void execute(String sql) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.execute(sql);
        }
    }
}
