package dev.tasklane.domain.selection;

import dev.tasklane.domain.task.Priority;
import dev.tasklane.domain.task.Task;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import static dev.tasklane.domain.testing.TaskFixtures.task;
import static org.junit.jupiter.api.Assertions.assertEquals;

class TaskOrderTest {
    private static List<String> sorted(Task... tasks) {
        List<Task> list = new ArrayList<>(List.of(tasks));
        Collections.reverse(list);
        list.sort(TaskOrder.NEXT);
        return list.stream().map(t -> t.identifier().toString()).toList();
    }

    @Test
    void priorityComesFirstCriticalToLow() {
        assertEquals(List.of("W4", "W3", "W2", "W1"), sorted(
                task("W1").priority(Priority.LOW).position(1).build(),
                task("W2").priority(Priority.MEDIUM).position(2).build(),
                task("W3").priority(Priority.HIGH).position(3).build(),
                task("W4").priority(Priority.CRITICAL).position(4).build()));
    }

    @Test
    void thenManualPosition() {
        assertEquals(List.of("W2", "W3", "W1"), sorted(
                task("W1").priority(Priority.HIGH).position(9).id(1).build(),
                task("W2").priority(Priority.HIGH).position(1).id(2).build(),
                task("W3").priority(Priority.HIGH).position(5).id(3).build()));
    }

    @Test
    void thenId() {
        assertEquals(List.of("W2", "W1", "W3"), sorted(
                task("W1").position(3).id(20).build(),
                task("W2").position(3).id(10).build(),
                task("W3").position(3).id(30).build()));
    }

    @Test
    void aLowerPositionDoesNotBeatAHigherPriority() {
        assertEquals(List.of("W2", "W1"), sorted(
                task("W1").priority(Priority.MEDIUM).position(0).id(1).build(),
                task("W2").priority(Priority.HIGH).position(100).id(2).build()));
    }
}
