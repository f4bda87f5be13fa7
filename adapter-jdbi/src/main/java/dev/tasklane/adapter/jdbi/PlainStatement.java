package dev.tasklane.adapter.jdbi;

import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.statement.SqlStatement;
import org.jdbi.v3.core.statement.SqlStatements;
import org.jdbi.v3.core.statement.UnableToExecuteStatementException;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.function.Consumer;

/**
 * A statement run on the transaction's own JDBC connection, past JDBI's statement layer: the claim cycle's
 * statements (locking the task's row, and writing the change with its events, history and rollup rows in one
 * statement) go this way. JDBI's work per statement (rendering and parsing the text, an argument factory looked up
 * for every value, a statement context with its cleanables) held a fifth of a profile's samples of the cycle, for
 * those four statements, which bind up to a hundred values; every other statement stays on JDBI
 * (docs/architecture.md, "Statements on the hot path").
 *
 * <p>The text is written with JDBI's named parameters ({@code :name}; {@code ::} is PostgreSQL's cast) and sent
 * with positional ones. Each text is parsed once and kept, so only constant texts may be given, or texts composed
 * of constant parts once per shape ({@link #composed}).
 * Values are bound through {@link #values()}, a {@link SqlValues}, in the order of the text, and each names the
 * parameter it fills: a value bound out of order, or a statement run with a parameter unbound, fails before it
 * reaches the database.
 * A failure of the database surfaces as JDBI's would ({@link UnableToExecuteStatementException}), so that the
 * transaction translates it like any other ({@link SqlFailures}).
 */
final class PlainStatement {
    /** How many texts of each cache are kept: the texts are made of constants, so only a few ever exist. */
    private static final int MAX_TEXTS = 512;
    private static final ConcurrentMap<String, Text> PARSED = new ConcurrentHashMap<>();
    private static final ConcurrentMap<Object, Text> COMPOSED = new ConcurrentHashMap<>();

    /**
     * A statement's text as sent, with positional parameters, and the names of its parameters in order (interned,
     * so that checking the name of each value bound is mostly a comparison of references).
     */
    record Text(String positional, List<String> names) {
    }

    /** Reads one row of a result. */
    @FunctionalInterface
    interface RowReader<T> {
        T read(ResultSet row) throws SQLException;
    }

    /** Writes a statement's text from constant parts, each with named parameters ({@link #composed}). */
    static final class Builder {
        private final StringBuilder positional = new StringBuilder(1024);
        private final List<String> names = new ArrayList<>();

        private Builder() {
        }

        /** Appends a constant part of the text. */
        Builder append(String namedText) {
            Text part = parsed(namedText);
            positional.append(part.positional());
            names.addAll(part.names());
            return this;
        }

        private Text build() {
            return new Text(positional.toString(), List.copyOf(names));
        }
    }

    private final Text text;
    private final Object[] values;
    private final int[] types;
    private int bound;
    /** Binds this statement's values, each checked against the name of the parameter at its place. */
    private final SqlValues binding = new SqlValues() {
        @Override
        public SqlValues value(String name, Object value, int sqlType) {
            bind(name, value, sqlType);
            return this;
        }
    };

    private PlainStatement(Text text) {
        this.text = text;
        this.values = new Object[text.names().size()];
        this.types = new int[text.names().size()];
    }

    /** A statement of one constant text with named parameters. */
    static PlainStatement of(String namedText) {
        return new PlainStatement(parsed(namedText));
    }

    /**
     * A statement whose text {@code parts} writes from constant parts, the same for every statement of the same
     * {@code shape} (a value object naming what varies: how many rows, which columns): the text is written, parsed and
     * turned into one string once per shape, so that a statement of a shape seen before costs no text at all and the
     * driver finds its prepared form by a string whose hash is already known.
     */
    static PlainStatement composed(Object shape, Consumer<Builder> parts) {
        Text known = COMPOSED.get(shape);
        if (known == null) {
            Builder builder = new Builder();
            parts.accept(builder);
            known = builder.build();
            if (COMPOSED.size() < MAX_TEXTS) {
                COMPOSED.putIfAbsent(shape, known);
            }
        }
        return new PlainStatement(known);
    }

    private static Text parsed(String namedText) {
        Text known = PARSED.get(namedText);
        if (known == null) {
            known = parse(namedText);
            if (PARSED.size() < MAX_TEXTS) {
                PARSED.putIfAbsent(namedText, known);
            }
        }
        return known;
    }

    /** The text as sent, with positional parameters. */
    String text() {
        return text.positional();
    }

    /** The names of the parameters, in the order of the text. */
    List<String> names() {
        return text.names();
    }

    /**
     * Replaces each named parameter of {@code namedText} with {@code ?}, leaving {@code ::} casts and quoted
     * literals as they are.
     */
    static Text parse(String namedText) {
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
                    found.add(namedText.substring(i + 1, end).intern());
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
        return new Text(positional.toString(), List.copyOf(found));
    }

    /** Where this statement's values go, in the order of its text. */
    SqlValues values() {
        return binding;
    }

    private void bind(String name, Object value, int sqlType) {
        List<String> names = text.names();
        if (bound >= names.size() || !names.get(bound).equals(name)) {
            throw new IllegalStateException("parameter " + (bound + 1) + " of the statement is "
                    + (bound < names.size() ? ":" + names.get(bound) : "none") + ", not :" + name + ": " + text());
        }
        values[bound] = value;
        types[bound] = sqlType;
        bound++;
    }

    /**
     * Runs a query that answers at most one row. The text may go on with statements that answer no rows (the
     * outbox statement's {@code COMMIT}): the driver sends them in the same round trip, and a failure of the query
     * stops them.
     */
    <T> Optional<T> findOne(Handle handle, RowReader<T> reader) {
        return findOneAfter(Carried.NONE, handle, reader);
    }

    /** {@link #findOne}, after the statements {@code before} that travel ahead of this one in the same round trip. */
    <T> Optional<T> findOneAfter(Carried before, Handle handle, RowReader<T> reader) {
        String sql = ready(handle, before);
        try (PreparedStatement statement = prepare(handle, sql, before)) {
            boolean rows = before.skip(statement, sql);
            try (ResultSet result = firstRows(statement, rows)) {
                return single(result, reader, sql);
            }
        } catch (SQLException failure) {
            throw failed(failure, sql);
        }
    }

    /** Runs a query that answers exactly one row. */
    <T> T one(Handle handle, RowReader<T> reader) {
        return oneAfter(Carried.NONE, handle, reader);
    }

    /** {@link #one}, after the statements {@code before}. */
    <T> T oneAfter(Carried before, Handle handle, RowReader<T> reader) {
        return findOneAfter(before, handle, reader).orElseThrow(() -> new IllegalStateException("no row from " + text()));
    }

    /** Runs a query, handing each of its rows to {@code reader} in order. */
    void forEachRow(Handle handle, RowReader<?> reader) {
        String sql = ready(handle, Carried.NONE);
        try (PreparedStatement statement = prepare(handle, sql, Carried.NONE);
             ResultSet rows = firstRows(statement, statement.execute())) {
            while (rows.next()) {
                reader.read(rows);
            }
        } catch (SQLException failure) {
            throw failed(failure, sql);
        }
    }

    /** Runs a statement that answers no rows: how many rows it changed. */
    int execute(Handle handle) {
        return executeAfter(Carried.NONE, handle);
    }

    /** {@link #execute}, after the statements {@code before}. */
    int executeAfter(Carried before, Handle handle) {
        String sql = ready(handle, before);
        try (PreparedStatement statement = prepare(handle, sql, before)) {
            if (before.skip(statement, sql)) {
                throw new SQLException("the statement answered rows: " + sql);
            }
            return statement.getUpdateCount();
        } catch (SQLException failure) {
            throw failed(failure, sql);
        }
    }

    /** The answers of a text of two queries ({@link #twoQueries}): at most one row of the first, one of the second. */
    record Two<T, U>(Optional<T> first, U second) {
    }

    /**
     * Runs a text of two queries, sent in one round trip: the first answers at most one row, the second exactly one.
     * The database runs the second once the first is done, with a snapshot of its own: a second query after a first
     * that waited for a lock reads what the transactions it waited for committed.
     */
    <T, U> Two<T, U> twoQueries(Carried before, Handle handle, RowReader<T> first, RowReader<U> second) {
        String sql = ready(handle, before);
        try (PreparedStatement statement = prepare(handle, sql, before)) {
            Optional<T> answer;
            boolean rowsFirst = before.skip(statement, sql);
            try (ResultSet rows = firstRows(statement, rowsFirst)) {
                answer = single(rows, first, sql);
            }
            if (!statement.getMoreResults()) {
                throw new SQLException("the second query answered no rows: " + sql);
            }
            try (ResultSet rows = statement.getResultSet()) {
                Optional<U> then = single(rows, second, sql);
                return new Two<>(answer, then.orElseThrow(() -> new IllegalStateException("no row from " + sql)));
            }
        } catch (SQLException failure) {
            throw failed(failure, sql);
        }
    }

    private static <T> Optional<T> single(ResultSet rows, RowReader<T> reader, String sql) throws SQLException {
        if (!rows.next()) {
            return Optional.empty();
        }
        T first = reader.read(rows);
        if (rows.next()) {
            throw new IllegalStateException("more than one row from " + sql);
        }
        return Optional.of(first);
    }

    /**
     * The first result that has rows, past the update counts of statements before it; {@code rows} is what the
     * statement answered for the result it is at ({@link PreparedStatement#execute}, {@link Carried#skip}).
     */
    private static ResultSet firstRows(PreparedStatement statement, boolean rows) throws SQLException {
        while (!rows) {
            if (statement.getUpdateCount() == -1) {
                throw new SQLException("the statement answered no rows: " + statement);
            }
            rows = statement.getMoreResults();
        }
        return statement.getResultSet();
    }

    private void requireBound() {
        if (bound != values.length) {
            throw new IllegalStateException("parameter " + (bound + 1) + " of the statement, :" + text.names().get(bound)
                    + ", is not bound: " + text());
        }
    }

    private String ready(Handle handle, Carried before) {
        requireBound();
        String sql = before.textBefore(text.positional());
        observe(handle, sql);
        return sql;
    }

    private PreparedStatement prepare(Handle handle, String sql, Carried before) throws SQLException {
        PreparedStatement statement = handle.getConnection().prepareStatement(sql);
        try {
            int next = 1;
            for (PlainStatement write : before.writes()) {
                next = write.bindInto(statement, next, handle);
            }
            bindInto(statement, next, handle);
            return statement;
        } catch (SQLException | RuntimeException failure) {
            statement.close();
            throw failure;
        }
    }

    /** Sets this statement's values from parameter {@code first} of {@code statement} on: the parameter after them. */
    private int bindInto(PreparedStatement statement, int first, Handle handle) throws SQLException {
        for (int i = 0; i < bound; i++) {
            int at = first + i;
            Object value = values[i];
            if (value == null) {
                statement.setNull(at, types[i]);
            } else {
                switch (types[i]) {
                    case Types.BIGINT -> statement.setLong(at, (Long) value);
                    case Types.INTEGER -> statement.setInt(at, (Integer) value);
                    case Types.SMALLINT -> statement.setShort(at, (Short) value);
                    case Types.BOOLEAN -> statement.setBoolean(at, (Boolean) value);
                    case Types.VARCHAR -> statement.setString(at, (String) value);
                    case Types.ARRAY -> statement.setArray(at,
                            handle.getConnection().createArrayOf("bigint", (Object[]) value));
                    default -> statement.setObject(at, value);
                }
            }
        }
        return first + bound;
    }

    /**
     * Statements that travel ahead of another in its round trip (PostgreSQL runs a text of several statements in
     * order, and stops at the first that fails): an attempt's savepoint, which binds nothing, then writes whose
     * answer the transaction does not wait for ({@link JdbiTransactions#sendWithNext}), each of which must change
     * exactly one row. Their statements are run after, never instead of, what the transaction sent before.
     */
    record Carried(String savepoint, List<PlainStatement> writes) {
        /** Nothing ahead. */
        static final Carried NONE = new Carried("", List.of());
        /** The texts of the carried statements, joined once per distinct sequence of them. */
        private static final ConcurrentMap<List<String>, String> JOINED = new ConcurrentHashMap<>();

        Carried {
            writes = List.copyOf(writes);
            for (PlainStatement write : writes) {
                write.requireBound();
            }
        }

        boolean isEmpty() {
            return savepoint.isEmpty() && writes.isEmpty();
        }

        /** {@code own} with the carried statements before it. */
        String textBefore(String own) {
            if (isEmpty()) {
                return own;
            }
            List<String> texts = new ArrayList<>(writes.size() + 2);
            if (!savepoint.isEmpty()) {
                texts.add(savepoint);
            }
            for (PlainStatement write : writes) {
                texts.add(write.text());
            }
            texts.add(own);
            String joined = JOINED.get(texts);
            if (joined == null) {
                joined = String.join("; ", texts);
                if (JOINED.size() < MAX_TEXTS) {
                    JOINED.putIfAbsent(List.copyOf(texts), joined);
                }
            }
            return joined;
        }

        /**
         * Executes {@code statement} and moves past the carried statements' results, checking that each write changed
         * its one row: whether the result it is then at, the first of the carrier's own, has rows.
         */
        boolean skip(PreparedStatement statement, String sql) throws SQLException {
            boolean rows = statement.execute();
            if (!savepoint.isEmpty()) {
                if (rows) {
                    throw new SQLException("the savepoint answered rows: " + sql);
                }
                rows = statement.getMoreResults();
            }
            for (PlainStatement write : writes) {
                if (rows) {
                    throw new SQLException("a carried write answered rows: " + sql);
                }
                requireOneRow(statement.getUpdateCount(), write);
                rows = statement.getMoreResults();
            }
            return rows;
        }

        /** A carried write changes exactly one row; any other count is a programming error, and fails its transaction. */
        static void requireOneRow(int rows, PlainStatement write) {
            if (rows != 1) {
                throw new IllegalStateException("a write sent with the next statement changed " + rows + " rows, not one: "
                        + write.text());
            }
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

    /**
     * Where the values of a row go, each under its parameter's name: a JDBI statement's named parameters
     * ({@link #named}), or the next positional parameters of a plain statement ({@link #values()}), which checks that the names come
     * in the order of its text. One binding of a row (a task's writable columns, a history row, a flow row) then
     * serves both, and the statement's text is the only place the order is stated.
     */
    interface SqlValues {
        /** Binds {@code value}, null for SQL NULL, as a value of {@code sqlType} ({@link Types}). */
        SqlValues value(String name, Object value, int sqlType);

        default SqlValues bigint(String name, long value) {
            return value(name, value, Types.BIGINT);
        }

        /** A BIGINT that may be SQL NULL. */
        default SqlValues nullableBigint(String name, Long value) {
            return value(name, value, Types.BIGINT);
        }

        default SqlValues integer(String name, int value) {
            return value(name, value, Types.INTEGER);
        }

        default SqlValues smallint(String name, short value) {
            return value(name, value, Types.SMALLINT);
        }

        default SqlValues bool(String name, boolean value) {
            return value(name, value, Types.BOOLEAN);
        }

        /** A {@code BIGINT[]} (plain statements only). */
        default SqlValues bigints(String name, Long[] values) {
            return value(name, values, Types.ARRAY);
        }

        /** A character value, SQL NULL for null. */
        default SqlValues text(String name, String value) {
            return value(name, value, Types.VARCHAR);
        }

        /** A {@code TIMESTAMP WITH TIME ZONE} in UTC, SQL NULL for null. */
        default SqlValues timestamp(String name, Instant value) {
            return value(name, TaskRows.timestamp(value), Types.TIMESTAMP_WITH_TIMEZONE);
        }

        /** The named parameters of a JDBI statement. */
        static SqlValues named(SqlStatement<?> statement) {
            return new SqlValues() {
                @Override
                public SqlValues value(String name, Object value, int sqlType) {
                    statement.bindByType(name, value, javaType(sqlType));
                    return this;
                }
            };
        }

        /** The Java type JDBI binds a value of {@code sqlType} as. */
        private static Class<?> javaType(int sqlType) {
            return switch (sqlType) {
                case Types.BIGINT -> Long.class;
                case Types.INTEGER -> Integer.class;
                case Types.SMALLINT -> Short.class;
                case Types.BOOLEAN -> Boolean.class;
                case Types.VARCHAR -> String.class;
                case Types.TIMESTAMP_WITH_TIMEZONE -> OffsetDateTime.class;
                default -> throw new IllegalArgumentException("no binding for SQL type " + sqlType);
            };
        }
    }
}
