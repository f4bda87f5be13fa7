package dev.tasklane.domain.task;

import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** {@link Status}: one type for a task's state and its column, the columns in board order. */
class StatusTest {
    @Test
    void eachStatusIsOneColumnLeftToRight() {
        assertEquals(List.of("Ready", "Doing", "Review", "Done"),
                Arrays.stream(Status.values()).map(Status::columnName).toList());
        assertEquals(List.of(0, 1, 2, 3), Arrays.stream(Status.values()).map(Status::columnPosition).toList());
        assertEquals(List.of("open", "in_progress", "review", "completed"),
                Arrays.stream(Status.values()).map(Status::code).toList());
    }

    @Test
    void aColumnNameNamesItsStatusWhateverTheCase() {
        for (Status status : Status.values()) {
            assertEquals(Optional.of(status), Status.byColumnName(status.columnName()));
            assertEquals(Optional.of(status), Status.byColumnName(status.columnName().toUpperCase()));
        }
        assertEquals(Optional.empty(), Status.byColumnName("Backlog"));
        assertEquals(Optional.empty(), Status.byColumnName(null));
    }
}
