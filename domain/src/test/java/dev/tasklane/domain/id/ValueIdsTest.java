package dev.tasklane.domain.id;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ValueIdsTest {
    private static final long SEED = Long.getLong("tasklane.test.seed", System.nanoTime());

    private static List<Long> numbers() {
        System.out.println("ValueIdsTest seed: " + SEED + " (rerun with -Dtasklane.test.seed=" + SEED + ")");
        Random random = new Random(SEED);
        List<Long> numbers = new ArrayList<>(List.of(0L, 1L, -1L, Long.MAX_VALUE, Long.MIN_VALUE));
        for (int i = 0; i < 500; i++) {
            numbers.add(random.nextLong());
        }
        return numbers;
    }

    @Test
    void anIdIsItsNumberInTextAndValue() {
        for (long n : numbers()) {
            assertEquals(n, TaskId.of(n).value());
            assertEquals(n, UserId.of(n).value());
            assertEquals(n, BoardId.of(n).value());
            assertEquals(Long.toString(n), TaskId.of(n).toString());
            assertEquals(Long.toString(n), UserId.of(n).toString());
            assertEquals(Long.toString(n), BoardId.of(n).toString());
        }
    }

    @Test
    void equalityAndOrderFollowTheNumber() {
        List<Long> numbers = numbers();
        for (int i = 1; i < numbers.size(); i++) {
            long a = numbers.get(i - 1);
            long b = numbers.get(i);
            assertEquals(Long.signum(Long.compare(a, b)), Integer.signum(TaskId.of(a).compareTo(TaskId.of(b))));
            assertEquals(Long.signum(Long.compare(a, b)), Integer.signum(UserId.of(a).compareTo(UserId.of(b))));
            assertEquals(Long.signum(Long.compare(a, b)), Integer.signum(BoardId.of(a).compareTo(BoardId.of(b))));
            assertEquals(a == b, TaskId.of(a).equals(TaskId.of(b)));
            assertEquals(TaskId.of(a).hashCode(), TaskId.of(a).hashCode());
        }
    }

    @Test
    void idsOfDifferentKindsAreNeverEqual() {
        for (long n : numbers()) {
            assertNotEquals(TaskId.of(n), UserId.of(n));
            assertNotEquals(UserId.of(n), BoardId.of(n));
            assertNotEquals(BoardId.of(n), TaskId.of(n));
        }
    }

    @Test
    void anAbsentReferenceStaysAbsent() {
        assertEquals(Optional.empty(), TaskId.ofNullable(null));
        assertEquals(Optional.empty(), UserId.ofNullable(null));
        assertEquals(Optional.empty(), BoardId.ofNullable(null));
        assertNull(TaskId.valueOrNull(null));
        assertNull(UserId.valueOrNull(null));
        assertNull(BoardId.valueOrNull(null));
        for (long n : numbers()) {
            assertEquals(Optional.of(UserId.of(n)), UserId.ofNullable(n));
            assertEquals(n, UserId.valueOrNull(UserId.ofNullable(n).orElseThrow()));
            assertTrue(TaskId.ofNullable(n).isPresent());
            assertEquals(n, TaskId.valueOrNull(TaskId.of(n)));
            assertEquals(n, BoardId.valueOrNull(BoardId.ofNullable(n).orElseThrow()));
        }
    }
}
