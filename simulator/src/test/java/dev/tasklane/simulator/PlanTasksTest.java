package dev.tasklane.simulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tasklane.application.port.in.NewTask;
import dev.tasklane.domain.task.KeyFile;
import dev.tasklane.domain.task.Priority;
import dev.tasklane.domain.task.TaskType;
import dev.tasklane.domain.validation.DependencyRef;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A plan's goal objects become the typed tasks of the batch use case (docs/simulator.md "Plan file"). */
class PlanTasksTest {

    @Test
    void aGoalOfThePlanFileFormatBecomesAGoalWithItsTasks() {
        NewTask goal = PlanTasks.goal(Map.of("type", "goal", "title", "Login", "priority", "high", "tasks", List.of(
                Map.of("title", "Form", "type", "work", "priority", "high",
                        "key_files", List.of(Map.of("file_path", "web/login.html", "position", 0))),
                Map.of("title", "Check", "type", "defect", "priority", "medium", "dependencies", List.of(0),
                        "needs_review", true, "some_future_key", "ignored"))));

        assertEquals(TaskType.GOAL, goal.spec().type());
        assertEquals(2, goal.children().size());
        assertEquals(List.of(new KeyFile("web/login.html", null, 0)), goal.children().get(0).spec().keyFiles());
        NewTask check = goal.children().get(1);
        assertEquals(TaskType.DEFECT, check.spec().type());
        assertEquals(Priority.MEDIUM, check.spec().priority());
        assertTrue(check.spec().needsReview());
        assertEquals(List.of(new DependencyRef.ByIndex(0)), check.dependencies());
    }

    @Test
    void aValueOfTheWrongKindIsRefusedNamingTheTaskAndTheKey() {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> PlanTasks.goal(Map.of(
                "type", "goal", "title", "G", "priority", "high", "tasks", List.of(
                        Map.of("title", "T", "type", "work", "priority", "urgent")))));
        assertEquals("plan task \"T\": priority is invalid: urgent", refused.getMessage());
    }
}
