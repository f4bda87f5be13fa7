package dev.tasklane.adapter.inmemory;

import dev.tasklane.application.port.out.TaskQuery;
import dev.tasklane.domain.task.Task;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Base64;
import java.util.Comparator;

/**
 * The sort key of a task in a list, as a vector of longs ending with the id, so that every order is total
 * and a cursor is simply the key of the last row, base64-encoded with the sort it belongs to.
 *
 * <p>Orders: position; priority (critical first, then position, as the queue); updated_at; identifier
 * (work, then defects, then goals, each by number, as {@code TaskIdentifier} compares). {@code descending} reverses the whole key.
 */
record SortKey(TaskQuery.Sort sort, long[] values) {
    private static final String SEPARATOR = ":";
    private static final String VALUE_SEPARATOR = ",";
    private static final int PARTS = 2;
    private static final int POSITION_WIDTH = 2;
    private static final int OTHER_WIDTH = 3;

    static SortKey of(TaskQuery.Sort sort, Task task) {
        long[] values = switch (sort) {
            case POSITION -> new long[] {task.position(), task.id()};
            case PRIORITY -> new long[] {-task.priority().rank(), task.position(), task.id()};
            case UPDATED_AT -> new long[] {task.updatedAt().getEpochSecond(), task.updatedAt().getNano(), task.id()};
            case IDENTIFIER -> new long[] {task.identifier().type().ordinal(), task.identifier().number(), task.id()};
        };
        return new SortKey(sort, values);
    }

    static Comparator<Task> comparator(TaskQuery.Sort sort, boolean descending) {
        Comparator<Task> ascending = (a, b) -> of(sort, a).compareTo(of(sort, b));
        return descending ? ascending.reversed() : ascending;
    }

    /** Number of values in a key of this sort. */
    static int width(TaskQuery.Sort sort) {
        return sort == TaskQuery.Sort.POSITION ? POSITION_WIDTH : OTHER_WIDTH;
    }

    int compareTo(SortKey other) {
        return Arrays.compare(values, other.values);
    }

    String encode() {
        StringBuilder text = new StringBuilder(sort.name()).append(SEPARATOR);
        for (int i = 0; i < values.length; i++) {
            text.append(i == 0 ? "" : VALUE_SEPARATOR).append(values[i]);
        }
        return Base64.getUrlEncoder().withoutPadding().encodeToString(text.toString().getBytes(StandardCharsets.UTF_8));
    }

    static SortKey decode(String cursor, TaskQuery.Sort expected) {
        try {
            String text = new String(Base64.getUrlDecoder().decode(cursor), StandardCharsets.UTF_8);
            String[] parts = text.split(SEPARATOR, PARTS);
            if (parts.length != PARTS || !parts[0].equals(expected.name())) {
                throw new InvalidCursorException(cursor);
            }
            long[] values = Arrays.stream(parts[1].split(VALUE_SEPARATOR)).mapToLong(Long::parseLong).toArray();
            if (values.length != width(expected)) {
                throw new InvalidCursorException(cursor);
            }
            return new SortKey(expected, values);
        } catch (IllegalArgumentException malformed) {
            throw new InvalidCursorException(cursor);
        }
    }
}
