package dev.tasklane.adapter.jdbi;

import dev.tasklane.adapter.jdbi.testing.RequiresPostgres;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tasklane.adapter.jdbi.testing.TestPostgres;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Set;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Migrations run at start, but Flyway only when one is pending (docs/operations.md, "Migrations"): a restart on a
 * current schema costs one query, and anything else (a new database, a pending or failed migration) is Flyway's.
 */
class SchemaMigrationsTest {
    private static final Path SOURCES = Path.of("src/main/resources", SchemaMigrations.LOCATION);

    @Test
    void everyShippedMigrationIsKnownWithoutFlyway() throws IOException {
        try (Stream<Path> files = Files.list(SOURCES)) {
            List<String> names = files.map(file -> file.getFileName().toString())
                    .filter(name -> name.startsWith("V") && name.endsWith(".sql")).toList();
            assertFalse(names.isEmpty(), "no migrations found under " + SOURCES.toAbsolutePath());
            assertEquals(names.size(), SchemaMigrations.knownVersions().size(), "known " + SchemaMigrations.knownVersions()
                    + ", files " + names);
        }
    }

    @Test
    void aJarIsListedLikeAClassesDirectory(@TempDir Path temp) throws IOException {
        Path jar = temp.resolve("adapter.jar");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar))) {
            for (String name : List.of("db/", "db/migration/", "db/migration/V1__schema.sql", "db/migration/V2_1__more.sql",
                    "db/migration/README.md", "db/migration/R__repeatable.sql", "other/V9__elsewhere.sql")) {
                out.putNextEntry(new JarEntry(name));
                if (!name.endsWith("/")) {
                    out.write("SELECT 1;".getBytes(java.nio.charset.StandardCharsets.UTF_8));
                }
                out.closeEntry();
            }
        }
        assertEquals(Set.of("1", "2.1"), SchemaMigrations.versionsIn(jar));
        Path classes = Files.createDirectories(temp.resolve("classes").resolve(SchemaMigrations.LOCATION));
        for (String name : List.of("V1__schema.sql", "V2_1__more.sql", "notes.txt")) {
            try (OutputStream file = Files.newOutputStream(classes.resolve(name))) {
                file.write(';');
            }
        }
        assertEquals(Set.of("1", "2.1"), SchemaMigrations.versionsIn(temp.resolve("classes")));
        assertEquals(Set.of(), SchemaMigrations.versionsIn(temp), "a location without db/migration has none");
    }

    @Test
    void versionsCompareAsFlywayComparesThem() {
        assertEquals("1.1", SchemaMigrations.normalised("1_1"));
        assertEquals("1.1", SchemaMigrations.normalised("01.1.0"));
        assertEquals("60", SchemaMigrations.normalised("60"));
        assertEquals("10", SchemaMigrations.normalised(" 10 "));
    }

    @Test
    void onH2ARestartOnACurrentSchemaSkipsFlywayAndAFailedMigrationIsLeftToFlyway() {
        restartsOn(Database.h2Memory("schema-migrations-" + System.nanoTime()));
    }

    @Test
    @RequiresPostgres
    void onPostgresARestartOnACurrentSchemaSkipsFlywayAndAFailedMigrationIsLeftToFlyway() {
        restartsOn(TestPostgres.freshSchema("schema_migrations_test"));
    }

    private static void restartsOn(Database database) {
        int historyRows;
        try (JdbiStores first = JdbiStores.open(database)) {
            assertEquals(SchemaMigrations.Outcome.MIGRATED, first.schema());
            assertEquals(SchemaMigrations.knownVersions(), SchemaMigrations.appliedVersions(first.dataSource()));
            historyRows = historyRows(first);
        }
        try (JdbiStores again = JdbiStores.open(database)) {
            assertEquals(SchemaMigrations.Outcome.CURRENT, again.schema());
            assertEquals(historyRows, historyRows(again), "the restart wrote nothing to the history");
            execute(again, "UPDATE " + SchemaMigrations.HISTORY_TABLE + " SET success = FALSE WHERE installed_rank = "
                    + "(SELECT MAX(installed_rank) FROM " + SchemaMigrations.HISTORY_TABLE + ")");
        }
        RuntimeException refused = assertThrows(RuntimeException.class, () -> JdbiStores.open(database).close());
        assertTrue(refused.getMessage().toLowerCase(java.util.Locale.ROOT).contains("failed"), refused.getMessage());
    }

    private static int historyRows(JdbiStores stores) {
        try (Connection connection = stores.dataSource().getConnection(); Statement statement = connection.createStatement();
             java.sql.ResultSet rows = statement.executeQuery("SELECT COUNT(*) FROM " + SchemaMigrations.HISTORY_TABLE)) {
            rows.next();
            return rows.getInt(1);
        } catch (SQLException failed) {
            throw new IllegalStateException(failed);
        }
    }

    private static void execute(JdbiStores stores, String sql) {
        try (Connection connection = stores.dataSource().getConnection(); Statement statement = connection.createStatement()) {
            statement.execute(sql);
        } catch (SQLException failed) {
            throw new IllegalStateException(sql, failed);
        }
    }
}
