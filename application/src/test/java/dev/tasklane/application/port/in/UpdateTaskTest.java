package dev.tasklane.application.port.in;

import static dev.tasklane.application.testing.Identifiers.tids;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tasklane.application.edge.TaskField;
import dev.tasklane.domain.task.Complexity;
import dev.tasklane.domain.task.Detail;
import dev.tasklane.domain.task.Priority;
import dev.tasklane.domain.task.TaskDetails;
import dev.tasklane.domain.task.TaskSpec;
import dev.tasklane.domain.task.TaskType;
import java.util.List;
import org.junit.jupiter.api.Test;

/** An edit tells a field that was not sent from one sent as null and from one sent with a value. */
class UpdateTaskTest {
    private static final TaskSpec CURRENT = TaskSpec.builder("Current", TaskType.WORK, Priority.LOW)
            .complexity(Complexity.LARGE).description("d").needsReview(true).dependencies(tids("W1"))
            .details(TaskDetails.builder().why("because").pitfalls(List.of("p")).build())
            .build();

    @Test
    void anEmptyEditChangesNothing() {
        UpdateTask edit = UpdateTask.builder().build();
        assertFalse(edit.title().isSent());
        assertFalse(edit.details().why().isSent());
        assertEquals(CURRENT, edit.applyTo(CURRENT));
    }

    @Test
    void aSentValueReplacesOnlyItsField() {
        TaskSpec edited = UpdateTask.builder().priority(Priority.HIGH)
                .detail(Detail.WHY, details -> details.why("now")).build().applyTo(CURRENT);
        assertEquals(Priority.HIGH, edited.priority());
        assertEquals("now", edited.details().why());
        assertEquals(List.of("p"), edited.details().pitfalls(), "a detail not sent keeps its value");
        assertEquals(CURRENT.toBuilder().priority(Priority.HIGH)
                .details(CURRENT.details().toBuilder().why("now").build()).build(), edited);
    }

    @Test
    void aSentNullClearsADetailAndResetsAFieldToItsDefault() {
        UpdateTask edit = UpdateTask.builder().description(null).complexity(null).needsReview(null)
                .detail(Detail.PITFALLS, details -> details.pitfalls(null)).build();
        assertTrue(edit.description().isSent());
        assertEquals(Patch.to(null), edit.description());
        TaskSpec edited = edit.applyTo(CURRENT);
        assertNull(edited.description());
        assertEquals(Complexity.SMALL, edited.complexity());
        assertFalse(edited.needsReview());
        assertNull(edited.details().pitfalls());
        assertEquals("because", edited.details().why());
    }

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
    }
}
