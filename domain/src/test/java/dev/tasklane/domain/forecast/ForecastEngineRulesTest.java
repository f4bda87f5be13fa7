package dev.tasklane.domain.forecast;

import dev.tasklane.domain.agent.Actor;
import dev.tasklane.domain.error.ConflictException;
import dev.tasklane.domain.selection.SelectionRule;
import dev.tasklane.domain.selection.TaskOrder;
import dev.tasklane.domain.task.Priority;
import dev.tasklane.domain.task.Status;
import dev.tasklane.domain.task.Task;
import dev.tasklane.domain.task.TaskIdentifier;
import dev.tasklane.domain.testing.TaskFixtures;
import dev.tasklane.domain.wip.WipLimits;
import dev.tasklane.domain.wip.WipRule;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The simulation claims as the board would: at every claim of every run over generated plans (seed printed; rerun
 * one with {@code -Dforecast.seed=...}), the task it takes is the first task in {@link TaskOrder#NEXT} that the
 * domain's own {@link SelectionRule}s and {@link WipRule} allow, over real {@link Task}s in the run's columns.
 */
class ForecastEngineRulesTest {
    private static final String[] FILES = {"a.java", "b.java", "c.java", "d.java"};

    @Test
    void everyClaimIsTheFirstTaskTheDomainsRulesAllow() {
        long seed = Long.getLong("forecast.seed", new Random().nextLong());
        System.out.println("ForecastEngineRulesTest seed " + seed);
        Random random = new Random(seed);
        int claims = 0;
        for (int plan = 0; plan < 40; plan++) {
            List<Task> tasks = generate(random, 3 + random.nextInt(25));
            Integer wip = random.nextInt(3) == 0 ? 1 + random.nextInt(3) : null;
            Set<TaskIdentifier> all = tasks.stream().map(Task::identifier).collect(Collectors.toSet());
            ForecastPlan compiled = ForecastPlan.of(tasks, all, id -> false, wip, TaskFixtures.NOW);
            String where = "seed " + seed + ", plan " + plan;
            int[] seen = {0};
            ForecastEngine.Steps check = (task, at, run) -> {
                seen[0]++;
                List<Task> now = columns(tasks, compiled, run);
                String expected = firstAllowed(now, wip);
                assertEquals(expected, compiled.identifier(task), where + ", claim at " + at);
            };
            ForecastSettings settings = new ForecastSettings(TaskFixtures.NOW, TaskFixtures.NOW.plusSeconds(86_400), 5,
                    1 + random.nextInt(4), 1 + random.nextInt(2), random.nextLong(), 0.85);
            ForecastEngine.simulate(compiled, Samples.uniform(random), settings, check);
            claims += seen[0];
        }
        assertTrue(claims > 300, "the generated plans made claims to check: " + claims);
    }

    /** The plan's tasks as they stand in {@code run}: its columns as statuses. */
    private static List<Task> columns(List<Task> tasks, ForecastPlan plan, ForecastEngine.Run run) {
        List<Task> now = new ArrayList<>();
        for (Task task : tasks) {
            int index = indexOf(plan, task.identifier().toString());
            Status status = switch (run.state[index]) {
                case ForecastPlan.DOING -> Status.IN_PROGRESS;
                case ForecastPlan.REVIEW -> Status.REVIEW;
                case ForecastPlan.DONE -> Status.COMPLETED;
                default -> Status.OPEN;
            };
            now.add(task.toBuilder().status(status).build());
        }
        return now;
    }

    private static int indexOf(ForecastPlan plan, String identifier) {
        for (int i = 0; i < plan.size(); i++) {
            if (plan.identifier(i).equals(identifier)) {
                return i;
            }
        }
        throw new IllegalStateException(identifier);
    }

    /** The first task of the queue that the domain's rules let an agent claim now, or null. */
    private static String firstAllowed(List<Task> tasks, Integer wip) {
        Actor agent = TaskFixtures.agent(TaskFixtures.ALICE);
        TaskFixtures.ListContext context = new TaskFixtures.ListContext(TaskFixtures.NOW, agent, tasks);
        List<String> doing = tasks.stream().filter(t -> t.status() == Status.IN_PROGRESS)
                .map(t -> t.identifier().toString()).toList();
        List<Task> queue = new ArrayList<>(tasks);
        queue.sort(TaskOrder.NEXT);
        for (Task task : queue) {
            if (task.status() != Status.OPEN) {
                continue;
            }
            boolean allowed = SelectionRule.CLAIMABLE_TYPE.check(task, context).allowed()
                    && SelectionRule.DEPENDENCIES_COMPLETED.check(task, context).allowed()
                    && SelectionRule.KEY_FILES_FREE.check(task, context).allowed();
            if (allowed) {
                try {
                    WipRule.requireRoom(new WipLimits(wip), task, doing);
                } catch (ConflictException full) {
                    return null;
                }
                return task.identifier().toString();
            }
        }
        return null;
    }

    /** Tasks with priorities, positions, dependencies on earlier tasks, shared key files, reviews and people's tasks. */
    static List<Task> generate(Random random, int size) {
        List<Task> tasks = new ArrayList<>();
        for (int i = 1; i <= size; i++) {
            TaskFixtures.TaskBuilder task = TaskFixtures.task("W" + i).id(1000 + i)
                    .priority(Priority.values()[random.nextInt(Priority.values().length)])
                    .position(random.nextInt(size * 2));
            if (random.nextInt(3) == 0) {
                task.needsReview();
            }
            if (random.nextInt(12) == 0) {
                task.humanTask();
            }
            if (i > 1 && random.nextInt(3) == 0) {
                List<String> dependencies = new ArrayList<>();
                for (int d = 0; d < 1 + random.nextInt(2); d++) {
                    dependencies.add("W" + (1 + random.nextInt(i - 1)));
                }
                task.dependsOn(dependencies.stream().distinct().toArray(String[]::new));
            }
            if (random.nextInt(2) == 0) {
                task.keyFiles(FILES[random.nextInt(FILES.length)]);
            }
            tasks.add(task.build());
        }
        return tasks;
    }
}
