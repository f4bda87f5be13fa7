package dev.tasklane.adapter.jdbi;

import dev.tasklane.adapter.jdbi.PlainStatement.SqlValues;
import dev.tasklane.application.port.out.ConcurrentUpdateException;
import org.jdbi.v3.core.Handle;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Function;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link PlainStatement}: named parameters become positional ones, casts and quoted text stay, values must come in
 * the order of the text, every type and SQL NULL round-trips, and a failure of the database reaches the transaction
 * as JDBI's would.
 */
final class PlainStatementTest {
    private JdbiStores stores;

    @BeforeEach
    void open() {
        stores = TestDatabases.h2();
    }

    @AfterEach
    void close() {
        stores.close();
    }

    /** A statement of {@code namedText} with the values {@code bind} gives. */
    private static PlainStatement statement(String namedText, Consumer<SqlValues> bind) {
        PlainStatement statement = PlainStatement.of(namedText);
        bind.accept(statement.values());
        return statement;
    }

    /** Runs {@code statement} on the handle of a transaction of its own. */
    private <T> T inHandle(Function<Handle, T> statement) {
        JdbiTransactions transactions = (JdbiTransactions) stores.transactions();
        return transactions.inTransaction(() -> transactions.withHandle(statement));
    }

    @Test
    void namedParametersBecomePositionalInTheirOrder() {
        PlainStatement.Text fragment = PlainStatement.parse(
                "UPDATE t SET a = :alpha, b = :beta_2 WHERE c = :alpha AND d::text = ':not_a_parameter' AND e = 'it''s :x'");

        assertEquals("UPDATE t SET a = ?, b = ? WHERE c = ? AND d::text = ':not_a_parameter' AND e = 'it''s :x'",
                fragment.positional());
        assertEquals(List.of("alpha", "beta_2", "alpha"), fragment.names());
    }

    @Test
    void aColonThatStartsNoNameIsText() {
        PlainStatement.Text fragment = PlainStatement.parse("SELECT '1' || :a || ': ' || 2 :: text, x :1");

        assertEquals("SELECT '1' || ? || ': ' || 2 :: text, x :1", fragment.positional());
        assertEquals(List.of("a"), fragment.names());
    }

    @Test
    void aComposedTextIsWrittenOncePerShape() {
        record Shape(int rows) {
        }
        int[] written = {0};
        java.util.function.Consumer<PlainStatement.Builder> rows = text -> {
            written[0]++;
            text.append("SELECT * FROM (VALUES ");
            text.append("(CAST(:x AS BIGINT))");
            text.append(", (CAST(:x AS BIGINT))");
            text.append(") AS v (x)");
        };
        String first = PlainStatement.composed(new Shape(2), rows).text();
        String again = PlainStatement.composed(new Shape(2), rows).text();

        assertEquals("SELECT * FROM (VALUES (CAST(? AS BIGINT)), (CAST(? AS BIGINT))) AS v (x)", first);
        assertTrue(first == again, "the same string, its hash already known to the driver's statement cache");
        assertEquals(1, written[0], "written once for the shape");
        PlainStatement.composed(new Shape(3), rows);
        assertEquals(2, written[0], "and once more for another shape");
        PlainStatement composed = PlainStatement.composed(new Shape(2), rows);
        composed.values().bigint("x", 1).bigint("x", 2);
        assertEquals(List.of("x", "x"), composed.names(), "the values of a composed text are bound like any other");
    }

    @Test
    void anUnclosedQuoteIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> PlainStatement.parse("SELECT 'open"));
    }

    @Test
    void aValueOutOfTheTextsOrderIsRefusedBeforeTheDatabase() {
        PlainStatement statement = PlainStatement.of("SELECT :first, :second");

        IllegalStateException refused = assertThrows(IllegalStateException.class, () -> statement.values().bigint("second", 2));
        assertTrue(refused.getMessage().contains("parameter 1 of the statement is :first, not :second"), refused.getMessage());
        statement.values().bigint("first", 1).bigint("second", 2);
        assertThrows(IllegalStateException.class, () -> statement.values().bigint("third", 3), "no third parameter");
    }

    @Test
    void aParameterLeftUnboundIsRefusedBeforeTheDatabase() {
        IllegalStateException refused = assertThrows(IllegalStateException.class, () -> inHandle(handle ->
                statement("SELECT :first, :second", values -> values.bigint("first", 1)).findOne(handle, row -> row.getLong(1))));
        assertTrue(refused.getMessage().contains(":second, is not bound"), refused.getMessage());
    }

    @Test
    void everyTypeAndSqlNullRoundTrips() {
        Instant at = Instant.parse("2026-11-27T10:15:30.123456Z");
        List<Object> values = inHandle(handle ->
                statement("SELECT CAST(:a AS BIGINT), CAST(:b AS BIGINT), CAST(:c AS BIGINT), "
                                + "CAST(:d AS INTEGER), CAST(:e AS SMALLINT), CAST(:f AS BOOLEAN), CAST(:g AS VARCHAR), "
                                + "CAST(:h AS VARCHAR), CAST(:i AS TIMESTAMP WITH TIME ZONE), CAST(:j AS TIMESTAMP WITH TIME ZONE)",
                        bind -> bind.bigint("a", Long.MIN_VALUE).nullableBigint("b", 7L).nullableBigint("c", null)
                                .integer("d", -3).smallint("e", (short) 12).bool("f", true).text("g", "été ✓").text("h", null)
                                .timestamp("i", at).timestamp("j", null))
                        .one(handle, row -> {
                            List<Object> read = new ArrayList<>();
                            for (int column = 1; column <= 10; column++) {
                                read.add(row.getObject(column));
                            }
                            read.set(8, row.getObject(9, java.time.OffsetDateTime.class).toInstant());
                            return read;
                        }));

        assertEquals(Long.MIN_VALUE, ((Number) values.get(0)).longValue());
        assertEquals(7L, ((Number) values.get(1)).longValue());
        assertEquals(null, values.get(2));
        assertEquals(-3, ((Number) values.get(3)).intValue());
        assertEquals(12, ((Number) values.get(4)).intValue());
        assertEquals(true, values.get(5));
        assertEquals("été ✓", values.get(6));
        assertEquals(null, values.get(7));
        assertEquals(at, values.get(8));
        assertEquals(null, values.get(9));
    }

    @Test
    void noRowIsEmptyAndTwoRowsAreRefused() {
        Optional<Long> none = inHandle(handle ->
                statement("SELECT id FROM event_sequence WHERE id = :id", values -> values.bigint("id", -1))
                        .findOne(handle, row -> row.getLong(1)));
        assertFalse(none.isPresent());
        assertThrows(IllegalStateException.class, () -> inHandle(handle ->
                statement("SELECT x FROM (VALUES (1), (2)) AS v (x) WHERE x > :low", values -> values.bigint("low", 0))
                        .findOne(handle, row -> row.getLong(1))));
    }

    @Test
    void aFailureOfTheDatabaseIsTranslatedAsJdbisWouldBe() {
        // a value the column cannot hold is refused input, as for any statement (SqlFailures)
        RuntimeException failed = assertThrows(RuntimeException.class, () -> inHandle(handle ->
                statement("SELECT CAST(:n AS SMALLINT)", values -> values.bigint("n", 1L << 40))
                        .findOne(handle, row -> row.getLong(1))));
        assertFalse(failed instanceof ConcurrentUpdateException);
        assertTrue(failed.getClass().getName().startsWith("dev.tasklane."), "translated, not JDBI's own: " + failed);
    }
}
