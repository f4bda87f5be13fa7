package dev.tasklane.simulator;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;

/**
 * Generates a plan that looks like a team's backlog: goals of 2 to 40 tasks whose dependencies form chains,
 * fans out of a first task, fans into a last task, or a loose mix; key files drawn mostly from a large pool
 * but sometimes from a few hot files every part of the code touches (so key-file conflicts happen); a share
 * of tasks needing review; and about one goal in ten assigned to one agent. The same seed gives the same plan.
 */
final class PlanGenerator {
    static final int MIN_CHILDREN = 2;
    static final int MAX_CHILDREN = 40;
    static final int HOT_FILES = 16;
    static final double HOT_FILE_SHARE = 0.05;
    static final double COLD_FILE_SHARE = 0.7;
    static final double ASSIGNED_GOAL_SHARE = 0.1;
    static final double DEFECT_SHARE = 0.1;
    static final double LOOSE_DEPENDENCY_SHARE = 0.3;
    private static final String[] PRIORITIES = {"low", "medium", "medium", "high", "high", "critical"};

    private enum Shape { CHAIN, FAN_OUT, FAN_IN, LOOSE }

    private final Random random;
    private final int agents;
    private final double reviewShare;
    private final int coldFiles;

    /**
     * @param tasks how many tasks the plan will hold; sizes the pool of ordinary key files
     */
    PlanGenerator(long seed, int tasks, int agents, double reviewShare) {
        this.random = new Random(seed);
        this.agents = agents;
        this.reviewShare = reviewShare;
        this.coldFiles = Math.max(32, tasks / 2);
    }

    /** A plan of exactly {@code tasks} tasks. */
    Plan generate(int tasks) {
        List<Map<String, Object>> goals = new ArrayList<>();
        Map<Integer, Integer> assignments = new HashMap<>();
        int remaining = tasks;
        while (remaining > 0) {
            int size = Math.min(remaining, MIN_CHILDREN + random.nextInt(MAX_CHILDREN - MIN_CHILDREN + 1));
            int index = goals.size();
            goals.add(goal(index, size));
            // two draws whatever the team: the plan's shape is the same for every team on one seed (docs/simulator.md,
            // "Comparing two teams"); only the assignee's number scales with the team's size
            boolean assigned = random.nextDouble() < ASSIGNED_GOAL_SHARE;
            int agent = (int) (random.nextDouble() * agents);
            if (assigned) {
                assignments.put(index, agent);
            }
            remaining -= size;
        }
        return new Plan(goals, assignments);
    }

    private Map<String, Object> goal(int index, int size) {
        Shape shape = Shape.values()[random.nextInt(Shape.values().length)];
        List<Map<String, Object>> children = new ArrayList<>(size);
        for (int i = 0; i < size; i++) {
            children.add(task(index, i, dependencies(shape, i, size)));
        }
        Map<String, Object> goal = new LinkedHashMap<>();
        goal.put("type", "goal");
        goal.put("title", "Goal " + index + " (" + shape.name().toLowerCase(Locale.ROOT) + ")");
        goal.put("priority", priority());
        goal.put(Plan.TASKS, children);
        return goal;
    }

    private List<Integer> dependencies(Shape shape, int i, int size) {
        if (i == 0) {
            return List.of();
        }
        return switch (shape) {
            case CHAIN -> List.of(i - 1);
            case FAN_OUT -> List.of(0);
            // the gathering task waits on as many of its siblings as one task may depend on
            case FAN_IN -> i == size - 1 ? range(Math.min(size - 1, dev.tasklane.domain.validation.Limit.DEPENDENCIES.max()))
                    : List.of();
            case LOOSE -> random.nextDouble() < LOOSE_DEPENDENCY_SHARE ? List.of(random.nextInt(i)) : List.of();
        };
    }

    private static List<Integer> range(int count) {
        List<Integer> all = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            all.add(i);
        }
        return all;
    }

    private Map<String, Object> task(int goal, int index, List<Integer> dependencies) {
        Map<String, Object> task = new LinkedHashMap<>();
        task.put("title", "Goal " + goal + " task " + index);
        task.put("type", random.nextDouble() < DEFECT_SHARE ? "defect" : "work");
        task.put("priority", priority());
        task.put("acceptance_criteria", "The change is in place\nThe tests pass");
        // one draw whatever the review probability: a higher one sends a superset of the same tasks to review
        task.put("needs_review", random.nextDouble() < reviewShare);
        task.put("dependencies", dependencies);
        task.put("key_files", keyFiles());
        return task;
    }

    private List<Map<String, Object>> keyFiles() {
        Set<String> paths = new LinkedHashSet<>();
        if (random.nextDouble() < HOT_FILE_SHARE) {
            paths.add("shared/hot-" + random.nextInt(HOT_FILES) + ".conf");
        }
        if (random.nextDouble() < COLD_FILE_SHARE) {
            int file = random.nextInt(coldFiles);
            paths.add("src/module-" + file / 64 + "/File" + file + ".java");
        }
        List<Map<String, Object>> entries = new ArrayList<>(paths.size());
        for (String path : paths) {
            entries.add(Map.of("file_path", path, "position", entries.size()));
        }
        return entries;
    }

    private String priority() {
        return PRIORITIES[random.nextInt(PRIORITIES.length)];
    }
}
