package dev.tasklane.domain.goal;

import dev.tasklane.domain.task.AfterGoal;
import dev.tasklane.domain.task.AfterGoalAttempt;
import dev.tasklane.domain.task.Status;
import dev.tasklane.domain.task.Task;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.List;
import java.util.Map;

import static dev.tasklane.domain.testing.TaskFixtures.NOW;
import static dev.tasklane.domain.testing.TaskFixtures.task;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class GoalProgressTest {
    private static Task goal(Status status, AfterGoal afterGoal) {
        return task("G1").id(1).status(status).afterGoal(afterGoal).build();
    }

    private static Task child(String identifier, Status status) {
        return task(identifier).parent(1).status(status).build();
    }

    @Test
    void theGoalSitsInTheLeftmostChildColumn() {
        Task goal = goal(Status.OPEN, null);
        assertEquals(Status.OPEN, GoalProgress.derive(goal,
                List.of(child("W1", Status.COMPLETED), child("W2", Status.OPEN), child("W3", Status.REVIEW))));
        assertEquals(Status.IN_PROGRESS, GoalProgress.derive(goal,
                List.of(child("W1", Status.COMPLETED), child("W2", Status.IN_PROGRESS), child("W3", Status.REVIEW))));
        assertEquals(Status.REVIEW, GoalProgress.derive(goal,
                List.of(child("W1", Status.COMPLETED), child("W3", Status.REVIEW))));
    }

    @Test
    void allChildrenCompletedMakesTheGoalCompleted() {
        assertEquals(Status.COMPLETED, GoalProgress.derive(goal(Status.REVIEW, null),
                List.of(child("W1", Status.COMPLETED), child("W2", Status.COMPLETED))));
    }

    @Test
    void aSucceededAfterGoalDoesNotHoldTheGoal() {
        AfterGoal succeeded = AfterGoal.armed(NOW).withAttempt(new AfterGoalAttempt(0, "ok", 1, AfterGoalAttempt.Source.AGENT, NOW));
        assertEquals(Status.COMPLETED, GoalProgress.derive(goal(Status.REVIEW, succeeded), List.of(child("W1", Status.COMPLETED))));
    }

    @ParameterizedTest
    @EnumSource(value = Status.class, names = {"OPEN", "IN_PROGRESS", "REVIEW"})
    void aPendingAfterGoalHoldsTheGoalWhereItIs(Status current) {
        Task goal = goal(current, AfterGoal.armed(NOW));
        assertEquals(current, GoalProgress.derive(goal, List.of(child("W1", Status.COMPLETED), child("W2", Status.COMPLETED))));
    }

    @Test
    void aPendingAfterGoalNeverLetsTheGoalShowAsDone() {
        assertEquals(Status.REVIEW, GoalProgress.derive(goal(Status.COMPLETED, AfterGoal.armed(NOW)),
                List.of(child("W1", Status.COMPLETED))));
    }

    @Test
    void aPendingAfterGoalDoesNotHoldWhileChildrenAreOpen() {
        Task goal = goal(Status.REVIEW, AfterGoal.armed(NOW));
        assertEquals(Status.OPEN, GoalProgress.derive(goal, List.of(child("W1", Status.COMPLETED), child("W2", Status.OPEN))));
    }

    @ParameterizedTest
    @EnumSource(Status.class)
    void noChildrenKeepsTheStatus(Status status) {
        assertEquals(status, GoalProgress.derive(goal(status, null), List.of()));
    }

    @Test
    void lastChildCompleted() {
        assertTrue(GoalProgress.lastChildCompleted(List.of(child("W1", Status.COMPLETED), child("W2", Status.COMPLETED))));
        assertFalse(GoalProgress.lastChildCompleted(List.of(child("W1", Status.COMPLETED), child("W2", Status.REVIEW))));
        assertFalse(GoalProgress.lastChildCompleted(List.of()));
    }
    /**
     * The status-set form that claim and complete use agrees with the form over the children, for generated
     * goals (seed printed): every combination of goal status, after_goal state and child statuses.
     */
    @Test
    void theStatusSetFormAgreesWithTheChildrenForm() {
        long seed = new java.util.Random().nextLong();
        System.out.println("GoalProgressTest seed " + seed);
        java.util.Random random = new java.util.Random(seed);
        Status[] statuses = Status.values();
        for (int run = 0; run < 2_000; run++) {
            AfterGoal afterGoal = switch (random.nextInt(3)) {
                case 0 -> null;
                case 1 -> AfterGoal.armed(NOW);
                default -> AfterGoal.armed(NOW).withAttempt(new AfterGoalAttempt(0, "ok", 1, AfterGoalAttempt.Source.AGENT, NOW));
            };
            Task goal = goal(statuses[random.nextInt(statuses.length)], afterGoal);
            List<Task> children = new java.util.ArrayList<>();
            int count = random.nextInt(6);
            for (int c = 0; c < count; c++) {
                children.add(child("W" + (c + 1), statuses[random.nextInt(statuses.length)]));
            }
            java.util.Set<Status> present = java.util.EnumSet.noneOf(Status.class);
            children.forEach(child -> present.add(child.status()));
            String where = "seed " + seed + ", run " + run + ": " + goal.status() + " " + afterGoal + " " + present;
            assertEquals(GoalProgress.derive(goal, children), GoalProgress.deriveFromStatuses(goal, present), where);
            assertEquals(GoalProgress.lastChildCompleted(children), GoalProgress.allChildrenCompleted(present), where);
        }
    }
}
