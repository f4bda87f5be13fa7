package dev.tasklane.application.port.out;

import dev.tasklane.application.port.in.TaskQuery;
import dev.tasklane.domain.error.ErrorDetails;
import dev.tasklane.domain.task.Task;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Base64;
import java.util.Comparator;

/**
 * The sort key of a task in a list ({@link TaskStore#list}), as a vector of longs ending with the id, so that
 * every order is total and a cursor is simply the key of the last row, base64-encoded with the sort it belongs
 * to. Shared by every store so that a cursor means the same everywhere.
 *
 * <p>Orders: position; priority (critical first, then position, as the queue); updated_at; identifier
 * (work, then defects, then goals, each by number, as {@code TaskIdentifier} compares). {@code descending} reverses the whole key.
 */
public record ListCursor(TaskQuery.Sort sort, long[] values) {
    private static final String SEPARATOR = ":";
    private static final String VALUE_SEPARATOR = ",";
    private static final int PARTS = 2;
    private static final int POSITION_WIDTH = 2;
    private static final int OTHER_WIDTH = 3;
    /** 0001-01-01T00:00:00Z and 9999-12-31T23:59:59Z: the range of a SQL timestamp on H2 and PostgreSQL. */
    private static final long EARLIEST_SECOND = java.time.Instant.parse("0001-01-01T00:00:00Z").getEpochSecond();
    private static final long LATEST_SECOND = java.time.Instant.parse("9999-12-31T23:59:59Z").getEpochSecond();
    private static final long NANOS_PER_SECOND = 1_000_000_000L;

    public static ListCursor of(TaskQuery.Sort sort, Task task) {
        long[] values = switch (sort) {
            case POSITION -> new long[] {task.position(), task.id().value()};
            case PRIORITY -> new long[] {-task.priority().rank(), task.position(), task.id().value()};
            case UPDATED_AT -> new long[] {task.updatedAt().getEpochSecond(), task.updatedAt().getNano(), task.id().value()};
            case IDENTIFIER -> new long[] {task.identifier().type().ordinal(), task.identifier().number(), task.id().value()};
        };
        return new ListCursor(sort, values);
    }

    public static Comparator<Task> comparator(TaskQuery.Sort sort, boolean descending) {
        Comparator<Task> ascending = (a, b) -> of(sort, a).compareTo(of(sort, b));
        return descending ? ascending.reversed() : ascending;
    }

    /** Number of values in a key of this sort. */
    public static int width(TaskQuery.Sort sort) {
        return sort == TaskQuery.Sort.POSITION ? POSITION_WIDTH : OTHER_WIDTH;
    }

    public int compareTo(ListCursor other) {
        return Arrays.compare(values, other.values);
    }

    public String encode() {
        StringBuilder text = new StringBuilder(sort.name()).append(SEPARATOR);
        for (int i = 0; i < values.length; i++) {
            text.append(i == 0 ? "" : VALUE_SEPARATOR).append(values[i]);
        }
        return Base64.getUrlEncoder().withoutPadding().encodeToString(text.toString().getBytes(StandardCharsets.UTF_8));
    }

    public static ListCursor decode(String cursor, TaskQuery.Sort expected) {
        try {
            String text = new String(Base64.getUrlDecoder().decode(cursor), StandardCharsets.UTF_8);
            String[] parts = text.split(SEPARATOR, PARTS);
            if (parts.length != PARTS || !parts[0].equals(expected.name())) {
                throw invalidCursor(cursor);
            }
            long[] values = Arrays.stream(parts[1].split(VALUE_SEPARATOR)).mapToLong(Long::parseLong).toArray();
            if (values.length != width(expected) || (expected == TaskQuery.Sort.UPDATED_AT && !storable(values))) {
                throw invalidCursor(cursor);
            }
            return new ListCursor(expected, values);
        } catch (IllegalArgumentException malformed) {
            throw invalidCursor(cursor);
        }
    }

    /** Whether an updated_at key names an instant every store can compare with (years 1 to 9999, UTC). */
    private static boolean storable(long[] values) {
        return values[0] >= EARLIEST_SECOND && values[0] <= LATEST_SECOND && values[1] >= 0 && values[1] < NANOS_PER_SECOND;
    }

    /** A cursor this store did not issue, or one issued for another sort order: a 422 the caller can fix. */
    private static dev.tasklane.domain.error.InvalidInputException invalidCursor(String cursor) {
        return new dev.tasklane.domain.error.InvalidInputException("invalid_cursor",
                "cursor is not valid for this list (it was issued for another query or sort order); start again without it",
                new ErrorDetails.Field("cursor"));
    }
}
