package dev.tasklane.adapter.jdbi;

import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.id.TaskId;
import dev.tasklane.domain.id.UserId;
import org.jdbi.v3.core.Jdbi;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The value ids at the JDBI edge (docs/architecture.md, "Value ids"): each binds as the BIGINT it wraps and a BIGINT
 * column reads back as the same id, SQL NULL as null, with no change to the SQL. Extended per database.
 */
abstract class ValueIdsContract {
    private static final long SEED = Long.getLong("tasklane.test.seed", System.nanoTime());

    protected abstract JdbiStores stores();

    private static List<Long> numbers() {
        System.out.println("ValueIdsContract seed: " + SEED + " (rerun with -Dtasklane.test.seed=" + SEED + ")");
        Random random = new Random(SEED);
        List<Long> numbers = new ArrayList<>(Arrays.asList(0L, 1L, -1L, Long.MAX_VALUE, Long.MIN_VALUE));
        for (int i = 0; i < 50; i++) {
            numbers.add(random.nextLong());
        }
        return numbers;
    }

    @Test
    void anIdBindsAsItsNumberAndReadsBackAsTheSameId() {
        Jdbi jdbi = stores().jdbi();
        for (long n : numbers()) {
            jdbi.useHandle(handle -> {
                assertEquals(n, handle.createQuery("SELECT CAST(:id AS BIGINT)").bind("id", TaskId.of(n))
                        .mapTo(Long.class).one());
                assertEquals(TaskId.of(n), handle.createQuery("SELECT CAST(:id AS BIGINT)").bind("id", TaskId.of(n))
                        .mapTo(TaskId.class).one());
                assertEquals(UserId.of(n), handle.createQuery("SELECT CAST(:id AS BIGINT)").bind("id", UserId.of(n))
                        .mapTo(UserId.class).one());
                assertEquals(BoardId.of(n), handle.createQuery("SELECT CAST(:id AS BIGINT)").bind("id", BoardId.of(n))
                        .mapTo(BoardId.class).one());
            });
        }
    }

    @Test
    void anAbsentIdIsSqlNullBothWays() {
        stores().jdbi().useHandle(handle -> {
            assertEquals(Arrays.asList((Object) null), handle.createQuery("SELECT CAST(NULL AS BIGINT)")
                    .mapTo(UserId.class).list());
            assertEquals(Arrays.asList((Object) null), handle.createQuery("SELECT CAST(:id AS BIGINT)")
                    .bindByType("id", null, TaskId.class).mapTo(Long.class).list());
            assertEquals(Arrays.asList((Object) null), handle.createQuery("SELECT CAST(:id AS BIGINT)")
                    .bindByType("id", null, BoardId.class).mapTo(BoardId.class).list());
        });
    }
}
