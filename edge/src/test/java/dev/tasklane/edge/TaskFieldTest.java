package dev.tasklane.edge;

import dev.tasklane.domain.task.Detail;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The table of writable task fields covers the domain's details one to one, in the domain's order. */
class TaskFieldTest {
    @Test
    void onlyDescriptiveFieldsAreDetails() {
        assertThrows(IllegalArgumentException.class, TaskField.TITLE::part);
        for (TaskField field : TaskField.values()) {
            if (field.detail()) {
                assertEquals(field.name(), field.part().name(), "every descriptive field names its domain detail");
            }
        }
        assertEquals(Detail.values().length,
                java.util.Arrays.stream(TaskField.values()).filter(TaskField::detail).count(), "and every detail has a field");
        for (Detail detail : Detail.values()) {
            assertEquals(detail, TaskField.of(detail).part());
        }
        assertEquals(Detail.TEXTS, TaskField.texts().stream().map(TaskField::part).toList(),
                "the text details' fields, in the domain's order");
    }
}
