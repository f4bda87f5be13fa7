package dev.tasklane.application.port.in;

import static dev.tasklane.application.testing.Identifiers.tids;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
            .details(TaskDetails.builder().text(Detail.WHY, "because").pitfalls(List.of("p")).build())
            .build();

    @Test
    void anEmptyEditChangesNothing() {
        UpdateTask edit = UpdateTask.builder().build();
        assertFalse(edit.title().isSent());
        assertFalse(edit.details().sends(Detail.WHY));
        assertEquals(CURRENT, edit.applyTo(CURRENT));
    }

    @Test
    void aSentValueReplacesOnlyItsField() {
        TaskSpec edited = UpdateTask.builder().priority(Priority.HIGH)
                .detail(Detail.WHY, details -> details.text(Detail.WHY, "now")).build().applyTo(CURRENT);
        assertEquals(Priority.HIGH, edited.priority());
        assertEquals("now", edited.details().text(Detail.WHY));
        assertEquals(List.of("p"), edited.details().pitfalls(), "a detail not sent keeps its value");
        assertEquals(CURRENT.toBuilder().priority(Priority.HIGH)
                .details(CURRENT.details().toBuilder().text(Detail.WHY, "now").build()).build(), edited);
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
        assertEquals("because", edited.details().text(Detail.WHY));
    }

    /** Every detail, whatever its form, is edited on its own: sent, it replaces its value; the others keep theirs. */
    @Test
    void everyDetailIsEditedOnItsOwn() {
        TaskDetails full = TaskDetails.builder().pitfalls(List.of("p")).outOfScope(List.of("o"))
                .technologyRequirements(List.of("t"))
                .integrationPoints(java.util.Map.of("api", dev.tasklane.domain.task.TextOrList.of("x")))
                .behaviourTestMatrix(List.of(new dev.tasklane.domain.task.BehaviourRow("c", "b", "t", "unit", "ok",
                        null, 0)))
                .build();
        TaskDetails.Builder texts = full.toBuilder();
        Detail.TEXTS.forEach(detail -> texts.text(detail, "old " + detail));
        TaskSpec current = CURRENT.toBuilder().details(texts.build()).build();
        for (Detail detail : Detail.values()) {
            TaskSpec cleared = UpdateTask.builder().detail(detail, details -> { }).build().applyTo(current);
            TaskDetails.Builder expected = current.details().toBuilder().copy(detail, TaskDetails.NONE);
            assertEquals(expected.build(), cleared.details(), detail + " sent as null clears it alone");
            assertTrue(UpdateTask.builder().detail(detail, details -> { }).build().details().sends(detail));
        }
        for (Detail detail : Detail.TEXTS) {
            TaskSpec edited = UpdateTask.builder().detail(detail, details -> details.text(detail, "new"))
                    .build().applyTo(current);
            assertEquals("new", edited.details().text(detail));
            Detail.TEXTS.stream().filter(other -> other != detail).forEach(other ->
                    assertEquals("old " + other, edited.details().text(other), other + " kept"));
        }
    }
}
