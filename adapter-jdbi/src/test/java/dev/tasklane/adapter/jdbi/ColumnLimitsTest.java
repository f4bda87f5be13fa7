package dev.tasklane.adapter.jdbi;

import dev.tasklane.adapter.jdbi.testing.RequiresPostgres;
import dev.tasklane.domain.validation.Limit;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import static java.util.Map.entry;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The migrated columns hold every value the validation accepts: each text column that stores
 * client input is sized for its {@link Limit} (twice the code points, since H2 counts UTF-16 units), read from the
 * database's own catalogue after the migrations, on H2 and on PostgreSQL. Every bounded text column of these tables
 * must be classified here, either with its limit or as holding only server-made values, so that a new column cannot
 * drift from the limits unnoticed.
 */
final class ColumnLimitsTest {
    /** Columns that store client input, with the limit that bounds it. */
    static final Map<String, Limit> CLIENT_COLUMNS = Map.ofEntries(
            entry("users.username", Limit.NAME),
            entry("users.display_name", Limit.NAME),
            entry("boards.name", Limit.NAME),
            entry("api_tokens.name", Limit.NAME),
            entry("api_tokens.agent_model", Limit.NAME),
            entry("api_tokens.last_agent_name", Limit.AGENT_NAME),
            entry("tasks.title", Limit.TITLE),
            entry("tasks.created_by_agent", Limit.AGENT_NAME),
            entry("tasks.agent_name", Limit.AGENT_NAME),
            entry("task_history.agent_name", Limit.AGENT_NAME),
            entry("task_comments.agent_name", Limit.AGENT_NAME),
            entry("task_key_files.file_path", Limit.FILE_PATH),
            entry("key_file_locks.file_path", Limit.FILE_PATH));
    /** Bounded text columns that only ever hold values the server makes (enum names, hashes, identifiers). */
    static final Set<String> SERVER_COLUMNS = Set.of("users.password_hash", "users.role", "board_columns.name",
            "memberships.access", "api_tokens.token_hash", "api_tokens.capabilities", "api_tokens.scopes",
            "board_counters.counter",
            "tasks.identifier", "tasks.type", "tasks.status", "task_dependencies.depends_on", "task_history.kind");
    private static final Set<String> TABLES = Set.of("users", "boards", "board_columns", "memberships", "api_tokens",
            "board_counters", "tasks", "task_dependencies", "task_key_files", "key_file_locks", "task_history",
            "task_comments");

    @Test
    void h2ColumnsHoldEveryAcceptedValue() throws SQLException {
        JdbiStores stores = TestDatabases.h2();
        try {
            check(stores);
        } finally {
            stores.close();
        }
    }

    @Test
    @RequiresPostgres
    void postgresColumnsHoldEveryAcceptedValue() throws SQLException {
        check(TestDatabases.postgres());
    }

    private static void check(JdbiStores stores) throws SQLException {
        Map<String, Integer> sizes = boundedTextColumns(stores);
        List<String> problems = new ArrayList<>();
        CLIENT_COLUMNS.forEach((column, limit) -> {
            Integer size = sizes.get(column);
            if (size != null && size < limit.columnChars()) {
                problems.add(column + " holds " + size + " units; " + limit + " needs " + limit.columnChars());
            }
        });
        sizes.keySet().stream().filter(column -> !CLIENT_COLUMNS.containsKey(column) && !SERVER_COLUMNS.contains(column))
                .forEach(column -> problems.add(column + " is bounded but not classified in ColumnLimitsTest"));
        assertTrue(sizes.keySet().containsAll(SERVER_COLUMNS) && sizes.keySet().containsAll(CLIENT_COLUMNS.keySet()),
                "catalogue read: " + sizes.keySet());
        assertEquals(List.of(), problems);
    }

    /** table.column → declared length of every bounded text column of {@link #TABLES}, from the catalogue. */
    private static Map<String, Integer> boundedTextColumns(JdbiStores stores) throws SQLException {
        Map<String, Integer> out = new TreeMap<>();
        try (Connection connection = stores.dataSource().getConnection();
             ResultSet rows = connection.createStatement().executeQuery("SELECT table_name, column_name, "
                     + "character_maximum_length FROM information_schema.columns WHERE table_schema = CURRENT_SCHEMA "
                     + "AND character_maximum_length IS NOT NULL")) {
            while (rows.next()) {
                String table = rows.getString(1).toLowerCase(Locale.ROOT);
                long length = rows.getLong(3);
                if (TABLES.contains(table) && length < Integer.MAX_VALUE && length < 1_000_000) {
                    out.put(table + "." + rows.getString(2).toLowerCase(Locale.ROOT), (int) length);
                }
            }
        }
        return out;
    }
}
