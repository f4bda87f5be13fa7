package dev.tasklane.simulator;

import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PlanGeneratorTest {
    private static Plan plan(long seed) {
        return new PlanGenerator(seed, 2000, 8, 0.1).generate(2000);
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> tasks(Map<String, Object> goal) {
        return (List<Map<String, Object>>) goal.get(Plan.TASKS);
    }

    @Test
    void theSameSeedGivesTheSamePlanAndAnotherSeedAnother() {
        assertEquals(plan(3), plan(3));
        assertNotEquals(plan(3), plan(4));
    }

    @Test
    void thePlanHoldsExactlyTheTasksAskedForInGoalsOfBoundedSize() {
        Plan plan = plan(5);
        assertEquals(2000, plan.taskCount());
        for (Map<String, Object> goal : plan.goals()) {
            assertEquals("goal", goal.get("type"));
            assertTrue(tasks(goal).size() <= PlanGenerator.MAX_CHILDREN);
        }
    }

    @Test
    void dependenciesPointOnlyAtEarlierSiblingsSoThePlanHasNoCycle() {
        for (Map<String, Object> goal : plan(6).goals()) {
            List<Map<String, Object>> tasks = tasks(goal);
            for (int i = 0; i < tasks.size(); i++) {
                for (Object dependency : (List<?>) tasks.get(i).get("dependencies")) {
                    assertTrue((Integer) dependency < i, goal.get("title") + " task " + i + " depends on " + dependency);
                }
            }
        }
    }

    @Test
    void thePlanHasSharedKeyFilesReviewsAndAssignedGoals() {
        Plan plan = plan(7);
        long hot = plan.goals().stream().flatMap(goal -> tasks(goal).stream())
                .flatMap(task -> ((List<?>) task.get("key_files")).stream())
                .filter(file -> ((Map<?, ?>) file).get("file_path").toString().startsWith("shared/")).count();
        long reviewed = plan.goals().stream().flatMap(goal -> tasks(goal).stream())
                .filter(task -> Boolean.TRUE.equals(task.get("needs_review"))).count();
        assertTrue(hot > PlanGenerator.HOT_FILES, "hot files are shared by several tasks: " + hot);
        assertTrue(reviewed > 0);
        assertTrue(!plan.assignments().isEmpty());
        assertTrue(plan.assignments().values().stream().allMatch(agent -> agent >= 0 && agent < 8));
    }

    /** Every task's fields but needs_review. */
    @SuppressWarnings("unchecked")
    private static List<Object> shape(Plan plan) {
        return plan.goals().stream().map(goal -> List.of(goal.get("title"), goal.get("priority"),
                ((List<Map<String, Object>>) goal.get(Plan.TASKS)).stream().map(task -> {
                    Map<String, Object> rest = new HashMap<>(task);
                    rest.remove("needs_review");
                    return rest;
                }).toList())).map(Object.class::cast).toList();
    }

    @SuppressWarnings("unchecked")
    private static List<Boolean> reviews(Plan plan) {
        return plan.goals().stream().flatMap(goal -> ((List<Map<String, Object>>) goal.get(Plan.TASKS)).stream())
                .map(task -> (Boolean) task.get("needs_review")).toList();
    }

    @Test
    void theTeamChangesNeitherThePlansShapeNorWhichGoalsAreAssignedAndMoreReviewMeansASupersetOfTheSameTasks() {
        Plan small = new PlanGenerator(11, 3000, 8, 0.1).generate(3000);
        Plan large = new PlanGenerator(11, 3000, 16, 0.3).generate(3000);
        assertEquals(shape(small), shape(large), "goals, tasks, dependencies, key files and priorities");
        assertEquals(small.assignments().keySet(), large.assignments().keySet(), "the same goals are assigned");
        List<Boolean> fewer = reviews(small);
        List<Boolean> more = reviews(large);
        for (int i = 0; i < fewer.size(); i++) {
            assertTrue(!fewer.get(i) || more.get(i), "task " + i + " goes to review under 0.1, so under 0.3 too");
        }
        assertTrue(more.stream().filter(b -> b).count() > 2 * fewer.stream().filter(b -> b).count());
    }
}
