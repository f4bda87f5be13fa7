package dev.tasklane.domain.assignment;

import dev.tasklane.domain.task.Status;
import dev.tasklane.domain.task.Task;
import org.junit.jupiter.api.Test;

import java.util.List;

import static dev.tasklane.domain.testing.TaskFixtures.ALICE;
import static dev.tasklane.domain.testing.TaskFixtures.BOB;
import static dev.tasklane.domain.testing.TaskFixtures.NOW;
import static dev.tasklane.domain.testing.TaskFixtures.task;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class AssignmentCascadeTest {
    private static List<String> changed(List<AssignmentChange> changes) {
        return changes.stream().map(c -> c.after().identifier().toString()).toList();
    }

    @Test
    void assigningAGoalCascadesToNonCompletedChildrenOnly() {
        Task goal = task("G1").id(1).build();
        Task open = task("W1").parent(1).build();
        Task doing = task("W2").parent(1).claimedBy(BOB, "b", NOW, "t", null).build();
        Task review = task("W3").parent(1).status(Status.REVIEW).build();
        Task done = task("W4").parent(1).status(Status.COMPLETED).assignedTo(BOB).build();

        List<AssignmentChange> changes = AssignmentCascade.plan(goal, List.of(open, doing, review, done), ALICE, NOW);

        assertEquals(List.of("G1", "W1", "W2", "W3"), changed(changes));
        for (AssignmentChange change : changes) {
            assertEquals(change.deferred() ? BOB : ALICE, change.after().assignedToId());
            assertEquals(ALICE, change.to());
            assertEquals(NOW, change.after().updatedAt());
        }
        assertEquals(Status.IN_PROGRESS, changes.get(2).after().status());
        assertTrue(changes.get(2).deferred(), "the held child stays with its holder");
        assertEquals(ALICE, changes.get(2).after().claim().assigneeBeforeClaim(), "and falls back to the new assignee");
    }

    @Test
    void completedChildrenAreUntouched() {
        Task goal = task("G1").id(1).build();
        Task done = task("W4").parent(1).status(Status.COMPLETED).assignedTo(BOB).build();
        List<AssignmentChange> changes = AssignmentCascade.plan(goal, List.of(done), ALICE, NOW);
        assertEquals(List.of("G1"), changed(changes));
        assertEquals(BOB, done.assignedToId());
    }

    @Test
    void tasksAlreadyAssignedToTheTargetProduceNoChange() {
        Task goal = task("G1").id(1).assignedTo(ALICE).build();
        Task same = task("W1").parent(1).assignedTo(ALICE).build();
        Task other = task("W2").parent(1).build();
        List<AssignmentChange> changes = AssignmentCascade.plan(goal, List.of(same, other), ALICE, NOW);
        assertEquals(List.of("W2"), changed(changes));
        assertTrue(AssignmentCascade.plan(goal, List.of(same), ALICE, NOW).isEmpty());
    }

    @Test
    void reassignmentMovesTheGoalAndOpenChildrenRecordingFromAndTo() {
        Task goal = task("G1").id(1).assignedTo(ALICE).build();
        Task child = task("W1").parent(1).assignedTo(ALICE).build();
        Task unassigned = task("W2").parent(1).build();
        Task done = task("W3").parent(1).status(Status.COMPLETED).assignedTo(ALICE).build();

        List<AssignmentChange> changes = AssignmentCascade.plan(goal, List.of(child, unassigned, done), BOB, NOW);

        assertEquals(List.of("G1", "W1", "W2"), changed(changes));
        assertEquals(ALICE, changes.get(0).from());
        assertEquals(BOB, changes.get(0).to());
        assertEquals(ALICE, changes.get(1).from());
        assertEquals(null, changes.get(2).from());
        assertEquals(BOB, changes.get(2).to());
        assertEquals(goal.version(), changes.get(0).after().version(), "read version kept for the store check");
    }

    @Test
    void unassigningAGoalCascadesNull() {
        Task goal = task("G1").id(1).assignedTo(ALICE).build();
        Task child = task("W1").parent(1).assignedTo(ALICE).build();
        List<AssignmentChange> changes = AssignmentCascade.plan(goal, List.of(child), null, NOW);
        assertEquals(List.of("G1", "W1"), changed(changes));
        assertEquals(null, changes.get(1).after().assignedToId());
        assertEquals(ALICE, changes.get(1).from());
    }

    @Test
    void aNonGoalTargetIgnoresTheChildrenList() {
        Task work = task("W1").id(1).build();
        Task stray = task("W2").parent(1).build();
        List<AssignmentChange> changes = AssignmentCascade.plan(work, List.of(stray), ALICE, NOW);
        assertEquals(List.of("W1"), changed(changes));
    }
}
