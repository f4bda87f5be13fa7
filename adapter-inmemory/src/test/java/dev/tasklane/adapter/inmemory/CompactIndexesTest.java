package dev.tasklane.adapter.inmemory;

import dev.tasklane.application.testing.Tasks;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.id.TaskId;
import dev.tasklane.domain.task.Task;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * The store's compact structures ({@link IdTable}, {@link LongList}) against plain collections, over seeded
 * random operations.
 */
class CompactIndexesTest {
    private static final long SEED = Long.getLong("tasklane.compact.seed", System.nanoTime());

    @Test
    void theTaskTableAnswersWhatAMapWouldAcrossPagesAndHoles() {
        System.out.println("CompactIndexesTest seed " + SEED + " (replay with -Dtasklane.compact.seed=" + SEED + ")");
        Random random = new Random(SEED);
        IdTable<Task> table = new IdTable<>();
        Map<Long, Task> model = new HashMap<>();
        long limit = 5L * IdTable.PAGE_SIZE * 20;
        for (int op = 0; op < 20_000; op++) {
            long id = 1 + (long) (random.nextDouble() * limit);
            if (random.nextInt(4) == 0) {
                table.put(id, null);
                model.remove(id);
            } else {
                Task task = Tasks.work(BoardId.of(1), id).build().withId(TaskId.of(id));
                table.put(id, task);
                model.put(id, task);
            }
            long probe = 1 + (long) (random.nextDouble() * limit * 2);
            assertSame(model.get(probe), table.get(probe), "seed " + SEED + ", id " + probe);
        }
        model.forEach((id, task) -> assertSame(task, table.get(id), "seed " + SEED));
        assertNull(table.get(0));
        assertNull(table.get(-5));
        assertThrows(IllegalArgumentException.class, () -> table.put(0, null));
    }

    @Test
    void aLongListHoldsWhatAListWouldInAnyOrder() {
        Random random = new Random(SEED);
        LongList list = new LongList();
        List<Long> model = new ArrayList<>();
        for (int op = 0; op < 20_000; op++) {
            long id = random.nextInt(300);
            if (random.nextInt(3) == 0) {
                assertEquals(model.remove(id), list.remove(id), "seed " + SEED + ", remove " + id);
            } else {
                list.add(id);
                model.add(id);
            }
            assertEquals(model.size(), list.size(), "seed " + SEED);
        }
        List<Long> held = new ArrayList<>();
        for (int i = 0; i < list.size(); i++) {
            held.add(list.get(i));
        }
        held.sort(null);
        model.sort(null);
        assertEquals(model, held, "seed " + SEED);
        assertThrows(IndexOutOfBoundsException.class, () -> list.get(list.size()));
    }
}
