package dev.tasklane.adapter.jdbi;

import dev.tasklane.domain.task.Status;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.jar.JarFile;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Migrations run at start (docs/operations.md, "Migrations"), but only when one is pending: one query reads the
 * versions the schema history holds, and when it already holds every migration of {@code db/migration}, Flyway
 * is not started at all (its classes, its classpath scan and its validation are most of a restart's work on H2).
 * Otherwise, on a new database, after an upgrade, or when the history holds a failed or unknown state, Flyway
 * runs in full: it locks the history, validates it and migrates, and reports any problem itself.
 */
final class SchemaMigrations {
    /** Where the migrations are, in the jar (or classes directory) that holds this adapter. */
    static final String LOCATION = "db/migration";
    /** The history table Flyway keeps (its default name). */
    static final String HISTORY_TABLE = "flyway_schema_history";

    private static final Logger LOG = LoggerFactory.getLogger(SchemaMigrations.class);
    /** Flyway's versioned migration names: {@code V<version>__<description>.sql}, version parts joined by _ or . */
    private static final Pattern NUMERIC = Pattern.compile("\\d+(?:[._]\\d+)*");
    private static final Pattern VERSIONED = Pattern.compile("V(\\d+(?:[._]\\d+)*)__[^/]*\\.sql");

    /** What start-up did to the schema. */
    enum Outcome {
        /** The history already held every migration: nothing ran but the one query. */
        CURRENT,
        /** Flyway ran (and applied whatever was pending). */
        MIGRATED
    }

    private SchemaMigrations() {
    }

    /**
     * The values of the placeholders the migrations use where PostgreSQL and H2 differ: the predicates of the partial
     * indexes of {@code V91__partial_indexes.sql}, {@code V92__partial_flow_indexes.sql} and
     * {@code V93__flow_state_on_tasks.sql} and {@code V94__event_numbers_per_transaction.sql}, which H2 does not have (empty
     * there: a plain index), and the statements of
     * {@code V94__event_numbers_per_transaction.sql} that each database spells its own way or only PostgreSQL runs, and
     * the test of {@code V104__completions_name_their_agent.sql} for an agent name that JSON text holds unescaped.
     */
    static Map<String, String> placeholders(Database.Kind kind) {
        Map<String, String> values = new LinkedHashMap<>();
        PARTIAL_INDEX_PREDICATES.forEach((name, predicate) ->
                values.put(name, kind == Database.Kind.POSTGRES ? " WHERE " + predicate : ""));
        boolean postgres = kind == Database.Kind.POSTGRES;
        values.put("drop_flow_moves_key", postgres ? "ALTER TABLE flow_moves DROP CONSTRAINT flow_moves_pkey"
                : "ALTER TABLE flow_moves DROP PRIMARY KEY");
        // PostgreSQL numbers events per transaction (JdbiEventOutbox): an older server, which would still number them
        // from this row, fails instead of writing numbers below those readers have passed
        values.put("retire_event_sequence", postgres ? "DROP TABLE event_sequence;" : "");
        // V104__completions_name_their_agent.sql writes an agent name into JSON text as is: only one that needs no escape
        values.put("agent_name_is_plain", postgres ? "h.agent_name !~ '[[:cntrl:]\"\\\\]'"
                : "NOT REGEXP_LIKE(h.agent_name, '[\\p{Cntrl}\"\\\\]')");
        return values;
    }

    /** Each placeholder of a partial index's predicate, and the predicate it stands for on PostgreSQL. */
    private static final Map<String, String> PARTIAL_INDEX_PREDICATES = Map.of(
            "where_leased", "lease_expires_at IS NOT NULL",
            "where_armed", "after_goal_armed_at IS NOT NULL",
            "where_child", "parent_id IS NOT NULL",
            "where_archived", "archived_at IS NOT NULL",
            "where_done", "done_ms IS NOT NULL",
            "where_open", "flow_column < " + Status.COMPLETED.ordinal(),
            "where_slotted", "slot > 0");

    /**
     * Brings the schema up to date: checks the history over {@code pool} with one query, and when a migration is
     * pending runs {@code flyway}.
     */
    static Outcome apply(DataSource pool, Runnable flyway) {
        Set<String> known = knownVersions();
        if (!known.isEmpty() && appliedVersions(pool).containsAll(known)) {
            LOG.debug("Schema current: the history holds all {} migrations", known.size());
            return Outcome.CURRENT;
        }
        flyway.run();
        return Outcome.MIGRATED;
    }

    /** The normalised versions of the migrations shipped with this adapter. */
    static Set<String> knownVersions() {
        try {
            Path source = Path.of(SchemaMigrations.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            return versionsIn(source);
        } catch (URISyntaxException | RuntimeException unreadable) {
            // no listing (an unusual class loader): say nothing is known, so that Flyway decides
            LOG.debug("Cannot list the migrations; Flyway checks the schema: {}", unreadable.toString());
            return Set.of();
        }
    }

    /** The normalised versions of {@code V*__*.sql} under {@value #LOCATION} of a classes directory or a jar. */
    static Set<String> versionsIn(Path codeSource) {
        try {
            if (Files.isDirectory(codeSource)) {
                Path directory = codeSource.resolve(LOCATION);
                if (!Files.isDirectory(directory)) {
                    return Set.of();
                }
                try (Stream<Path> files = Files.walk(directory)) {
                    return versionsOf(files.filter(Files::isRegularFile)
                            .map(file -> file.getFileName().toString()).toList());
                }
            }
            try (JarFile jar = new JarFile(codeSource.toFile())) {
                String prefix = LOCATION + "/";
                return versionsOf(jar.stream().map(entry -> entry.getName())
                        .filter(name -> name.startsWith(prefix) && !name.endsWith("/"))
                        .map(name -> name.substring(name.lastIndexOf('/') + 1)).toList());
            }
        } catch (IOException unreadable) {
            throw new UncheckedIOException(unreadable);
        }
    }

    static Set<String> versionsOf(Collection<String> fileNames) {
        Set<String> versions = new TreeSet<>();
        for (String name : fileNames) {
            Matcher matcher = VERSIONED.matcher(name);
            if (matcher.matches()) {
                versions.add(normalised(matcher.group(1)));
            }
        }
        return versions;
    }

    /**
     * The versions the history records as applied successfully; none when there is no history yet. One query;
     * a missing table is the only failure expected (a new database), and any failure leaves the decision to Flyway.
     */
    static Set<String> appliedVersions(DataSource pool) {
        try (Connection connection = pool.getConnection();
             Statement statement = connection.createStatement();
             ResultSet rows = statement.executeQuery("SELECT version FROM " + HISTORY_TABLE
                     + " WHERE success AND version IS NOT NULL")) {
            List<String> versions = new ArrayList<>();
            while (rows.next()) {
                versions.add(normalised(rows.getString(1)));
            }
            return Set.copyOf(versions);
        } catch (SQLException noHistory) {
            return Set.of();
        }
    }

    /** {@code 1_1}, {@code 1.1} and {@code 01.1.0} are the same version, as they are to Flyway. */
    static String normalised(String version) {
        if (!NUMERIC.matcher(version.trim()).matches()) {
            return version.trim();
        }
        List<BigInteger> parts = Stream.of(version.trim().split("[._]")).map(BigInteger::new)
                .collect(Collectors.toCollection(ArrayList::new));
        while (parts.size() > 1 && parts.get(parts.size() - 1).signum() == 0) {
            parts.remove(parts.size() - 1);
        }
        return parts.stream().map(BigInteger::toString).collect(Collectors.joining("."));
    }
}
