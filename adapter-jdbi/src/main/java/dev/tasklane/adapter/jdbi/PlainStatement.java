package dev.tasklane.adapter.jdbi;

import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.statement.SqlStatements;
import org.jdbi.v3.core.statement.UnableToExecuteStatementException;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.function.Consumer;

/**
 * A statement run on the transaction's own JDBC connection, past JDBI's statement layer: the claim cycle's
 * statements (locking the task's row, and writing the change with its events, history and rollup rows in one
 * statement) go this way. JDBI's work per statement (rendering and parsing the text, an argument factory looked up
 * for every value, a statement context with its cleanables) was a fifth of the server's processor time per cycle
 * for those four statements, which bind up to a hundred values; every other statement stays on JDBI
 * (docs/architecture.md, "Statements on the hot path").
 *
 * <p>The text is written with JDBI's named parameters ({@code :name}; {@code ::} is PostgreSQL's cast) and sent
 * with positional ones. Each fragment of text is parsed once and kept, so only constant fragments may be appended.
 * Values are bound through {@link SqlValues} in the order of the text, and each names the parameter it fills: a
 * value bound out of order, or a statement run with a parameter unbound, fails before it reaches the database.
 * A failure of the database surfaces as JDBI's would ({@link UnableToExecuteStatementException}), so that the
 * transaction translates it like any other ({@link SqlFailures}).
 */
final class PlainStatement implements SqlValues {
    /** The parsed fragments: constants of this package, so the map stays small; past this size nothing is kept. */
    private static final int MAX_FRAGMENTS = 512;
    private static final ConcurrentMap<String, Fragment> FRAGMENTS = new ConcurrentHashMap<>();

    /** A fragment of text with its named parameters replaced by {@code ?}, and their names in order. */
    record Fragment(String positional, List<String> names) {
    }

    /** Reads one row of a result. */
    @FunctionalInterface
    interface RowReader<T> {
        T read(ResultSet row) throws SQLException;
    }

    private final StringBuilder text = new StringBuilder(256);
    private final List<String> names = new ArrayList<>();
    private Object[] values = new Object[16];
    private int[] types = new int[16];
    private int bound;

    /** Appends a constant fragment of text with named parameters. */
    PlainStatement append(String namedText) {
        Fragment fragment = FRAGMENTS.get(namedText);
        if (fragment == null) {
            fragment = parse(namedText);
            if (FRAGMENTS.size() < MAX_FRAGMENTS) {
                FRAGMENTS.putIfAbsent(namedText, fragment);
            }
        }
        text.append(fragment.positional());
        names.addAll(fragment.names());
        return this;
    }

    /** The text as sent, with positional parameters. */
    String text() {
        return text.toString();
    }

    /**
     * Replaces each named parameter of {@code namedText} with {@code ?}, leaving {@code ::} casts and quoted
     * literals as they are.
     */
    static Fragment parse(String namedText) {
        StringBuilder positional = new StringBuilder(namedText.length());
        List<String> found = new ArrayList<>();
        boolean quoted = false;
        int i = 0;
        while (i < namedText.length()) {
            char c = namedText.charAt(i);
            if (c == '\'') {
                quoted = !quoted;
            } else if (!quoted && c == ':') {
                if (i + 1 < namedText.length() && namedText.charAt(i + 1) == ':') {
                    positional.append("::");
                    i += 2;
                    continue;
                }
                int end = i + 1;
                while (end < namedText.length() && (Character.isLetterOrDigit(namedText.charAt(end))
                        || namedText.charAt(end) == '_')) {
                    end++;
                }
                if (end > i + 1 && !Character.isDigit(namedText.charAt(i + 1))) {
                    found.add(namedText.substring(i + 1, end));
                    positional.append('?');
                    i = end;
                    continue;
                }
            }
            positional.append(c);
            i++;
        }
        if (quoted) {
            throw new IllegalArgumentException("an unclosed quote in " + namedText);
        }
        return new Fragment(positional.toString(), List.copyOf(found));
    }

    private PlainStatement put(String name, Object value, int sqlType) {
        if (bound >= names.size() || !names.get(bound).equals(name)) {
            throw new IllegalStateException("parameter " + (bound + 1) + " of the statement is "
                    + (bound < names.size() ? ":" + names.get(bound) : "none") + ", not :" + name + ": " + text);
        }
        if (bound == values.length) {
            values = Arrays.copyOf(values, bound * 2);
            types = Arrays.copyOf(types, bound * 2);
        }
        values[bound] = value;
        types[bound] = sqlType;
        bound++;
        return this;
    }

    @Override
    public PlainStatement bigint(String name, long value) {
        return put(name, value, Types.BIGINT);
    }

    @Override
    public PlainStatement nullableBigint(String name, Long value) {
        return put(name, value, Types.BIGINT);
    }

    @Override
    public PlainStatement integer(String name, int value) {
        return put(name, value, Types.INTEGER);
    }

    @Override
    public PlainStatement smallint(String name, short value) {
        return put(name, value, Types.SMALLINT);
    }

    @Override
    public PlainStatement bool(String name, boolean value) {
        return put(name, value, Types.BOOLEAN);
    }

    @Override
    public PlainStatement text(String name, String value) {
        return put(name, value, Types.VARCHAR);
    }

    @Override
    public PlainStatement timestamp(String name, Instant value) {
        return put(name, TaskRows.timestamp(value), Types.TIMESTAMP_WITH_TIMEZONE);
    }

    /** Runs a query that answers at most one row. */
    <T> Optional<T> findOne(Handle handle, RowReader<T> reader) {
        String sql = ready(handle);
        try (PreparedStatement statement = prepare(handle, sql); ResultSet rows = statement.executeQuery()) {
            if (!rows.next()) {
                return Optional.empty();
            }
            T first = reader.read(rows);
            if (rows.next()) {
                throw new IllegalStateException("more than one row from " + sql);
            }
            return Optional.of(first);
        } catch (SQLException failure) {
            throw failed(failure, sql);
        }
    }

    /** Runs a query that answers exactly one row. */
    <T> T one(Handle handle, RowReader<T> reader) {
        return findOne(handle, reader).orElseThrow(() -> new IllegalStateException("no row from " + text));
    }

    private String ready(Handle handle) {
        if (bound != names.size()) {
            throw new IllegalStateException("parameter " + (bound + 1) + " of the statement, :" + names.get(bound)
                    + ", is not bound: " + text);
        }
        String sql = text.toString();
        observe(handle, sql);
        return sql;
    }

    private PreparedStatement prepare(Handle handle, String sql) throws SQLException {
        PreparedStatement statement = handle.getConnection().prepareStatement(sql);
        try {
            for (int i = 0; i < bound; i++) {
                Object value = values[i];
                if (value == null) {
                    statement.setNull(i + 1, types[i]);
                } else {
                    switch (types[i]) {
                        case Types.BIGINT -> statement.setLong(i + 1, (Long) value);
                        case Types.INTEGER -> statement.setInt(i + 1, (Integer) value);
                        case Types.SMALLINT -> statement.setShort(i + 1, (Short) value);
                        case Types.BOOLEAN -> statement.setBoolean(i + 1, (Boolean) value);
                        case Types.VARCHAR -> statement.setString(i + 1, (String) value);
                        default -> statement.setObject(i + 1, value);
                    }
                }
            }
            return statement;
        } catch (SQLException | RuntimeException failure) {
            statement.close();
            throw failure;
        }
    }

    private static UnableToExecuteStatementException failed(SQLException failure, String sql) {
        return new UnableToExecuteStatementException(failure.getMessage() + " [statement: " + sql + "]", failure, null);
    }

    /**
     * The statement attribute ({@code Jdbi.define}) naming who is told of each plain statement before it runs, a
     * {@code Consumer<String>} of its text: the tests that count a unit of work's statements, which watch JDBI's
     * own through its {@code SqlLogger}. An attribute of the {@code Jdbi}, so every handle opened afterwards carries it.
     */
    static final String OBSERVER = "tasklane.plainStatementObserver";

    @SuppressWarnings("unchecked")
    private static void observe(Handle handle, String sql) {
        Object observer = handle.getConfig(SqlStatements.class).getAttribute(OBSERVER);
        if (observer != null) {
            ((Consumer<String>) observer).accept(sql);
        }
    }
}
