package dev.tasklane.application.testing;

import dev.tasklane.domain.validation.Limit;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The most expensive request bodies the caps of {@link Limit} allow, as plain JSON trees (maps, lists, strings,
 * integers) ready to be serialised: pure Java, no test framework, so that tests and the benchmarks can both call
 * it. Every body stays within every cap and within the default 1 MiB body limit, and every body is valid: a
 * store must accept it.
 *
 * <ul>
 *   <li>{@link #denseGoal()}: one goal with {@link Limit#GOAL_CHILDREN} children, each depending on the
 *       {@link Limit#DEPENDENCIES} siblings before it (the most dependency edges one goal can carry);</li>
 *   <li>{@link #denseBatch()}: a batch of goals holding {@link Limit#REQUEST_TASKS} tasks and goals in total,
 *       each child depending on up to {@link Limit#DEPENDENCIES} siblings before it;</li>
 *   <li>{@link #fullTask()}: one task with every list at its entry cap and every text of its rows long.</li>
 * </ul>
 */
public final class WorstCaseBodies {
    /** A body and where it goes. */
    public record Body(String name, String method, String path, Map<String, Object> json) {
    }

    private WorstCaseBodies() {
    }

    /** Every worst-case body. */
    public static List<Body> all() {
        return List.of(new Body("dense goal", "POST", "/api/tasks", denseGoal()),
                new Body("dense batch", "POST", "/api/tasks/batch", denseBatch()),
                new Body("full task", "POST", "/api/tasks", fullTask()));
    }

    /** {@code POST /api/tasks}: a goal with the most children, each with the most sibling dependencies. */
    public static Map<String, Object> denseGoal() {
        return map("task", goal("Dense goal", Limit.GOAL_CHILDREN.max()));
    }

    /** {@code POST /api/tasks/batch}: the most tasks one request may create, densely linked inside each goal. */
    public static Map<String, Object> denseBatch() {
        int perGoal = Limit.GOAL_CHILDREN.max() - 1;
        int goals = Math.min(Limit.BATCH_GOALS.max(), Limit.REQUEST_TASKS.max() / (perGoal + 1));
        List<Object> out = new ArrayList<>();
        for (int g = 0; g < goals; g++) {
            out.add(goal("Dense batch goal " + g, perGoal));
        }
        return map("goals", out);
    }

    /** {@code POST /api/tasks}: one task with every list full. */
    public static Map<String, Object> fullTask() {
        Map<String, Object> task = work("Full task");
        List<Object> keyFiles = new ArrayList<>();
        List<Object> steps = new ArrayList<>();
        for (int i = 0; i < Limit.KEY_FILES.max(); i++) {
            keyFiles.add(map("file_path", "src/" + "d".repeat(Limit.FILE_PATH.max() - 20) + "/File" + i + ".java",
                    "note", "n".repeat(200), "position", i));
        }
        for (int i = 0; i < Limit.VERIFICATION_STEPS.max(); i++) {
            steps.add(map("step_type", "command", "step_text", "mvn -q verify -Dtest=Case" + i + " " + "x".repeat(1_000),
                    "expected_result", "passes", "position", i));
        }
        task.put("key_files", keyFiles);
        task.put("verification_steps", steps);
        task.put("pitfalls", strings("pitfall", Limit.LIST_ENTRIES.max(), 200));
        task.put("out_of_scope", strings("out of scope", Limit.LIST_ENTRIES.max(), 200));
        task.put("technology_requirements", strings("technology", Limit.LIST_ENTRIES.max(), 100));
        task.put("security_considerations", strings("consideration", Limit.LIST_ENTRIES.max(), Limit.LIST_ENTRY.max()));
        task.put("description", "d".repeat(Limit.LONG_TEXT.max()));
        task.put("acceptance_criteria", String.join("\n", strings("criterion", 200, 100)));
        return map("task", task);
    }

    /**
     * {@code count} bodies generated at the caps from {@code seed}, in turn a goal, a batch and a full task: each
     * goal has the most children, each child the most dependencies on random earlier siblings (not only the ones
     * just before it), each batch the most tasks split into random goals, each full task its lists at their caps
     * in random proportions of long and short rows. The same seed gives the same bodies.
     */
    public static List<Body> generated(long seed, int count) {
        java.util.Random random = new java.util.Random(seed);
        List<Body> bodies = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            bodies.add(switch (i % 3) {
                case 0 -> new Body("generated goal " + i, "POST", "/api/tasks",
                        map("task", randomGoal("Generated goal " + i, Limit.GOAL_CHILDREN.max(), random)));
                case 1 -> new Body("generated batch " + i, "POST", "/api/tasks/batch", randomBatch(i, random));
                default -> new Body("generated full task " + i, "POST", "/api/tasks", randomFullTask(i, random));
            });
        }
        return bodies;
    }

    private static Map<String, Object> randomGoal(String title, int children, java.util.Random random) {
        Map<String, Object> goal = map("title", title, "type", "goal", "priority", "high");
        List<Object> tasks = new ArrayList<>();
        for (int i = 0; i < children; i++) {
            Map<String, Object> child = work(title + " child " + i);
            java.util.TreeSet<Integer> dependencies = new java.util.TreeSet<>();
            int wanted = Math.min(i, Limit.DEPENDENCIES.max());
            while (dependencies.size() < wanted) {
                dependencies.add(random.nextInt(i));
            }
            child.put("dependencies", new ArrayList<>(dependencies));
            tasks.add(child);
        }
        goal.put("tasks", tasks);
        return goal;
    }

    private static Map<String, Object> randomBatch(int index, java.util.Random random) {
        List<Object> goals = new ArrayList<>();
        int left = Limit.REQUEST_TASKS.max();
        while (left > 1 && goals.size() < Limit.BATCH_GOALS.max()) {
            int children = Math.min(left - 1, 1 + random.nextInt(Limit.GOAL_CHILDREN.max()));
            goals.add(randomGoal("Generated batch " + index + " goal " + goals.size(), children, random));
            left -= children + 1;
        }
        return map("goals", goals);
    }

    private static Map<String, Object> randomFullTask(int index, java.util.Random random) {
        Map<String, Object> body = fullTask();
        @SuppressWarnings("unchecked")
        Map<String, Object> task = (Map<String, Object>) body.get("task");
        task.put("title", "Generated full task " + index);
        task.put("pitfalls", strings("pitfall", Limit.LIST_ENTRIES.max(), 1 + random.nextInt(Limit.ROW_TEXT.max() / 10)));
        task.put("out_of_scope", strings("out of scope", Limit.LIST_ENTRIES.max(), 1 + random.nextInt(Limit.ROW_TEXT.max() / 10)));
        return body;
    }

    private static Map<String, Object> goal(String title, int children) {
        Map<String, Object> goal = map("title", title, "type", "goal", "priority", "high");
        List<Object> tasks = new ArrayList<>();
        for (int i = 0; i < children; i++) {
            Map<String, Object> child = work(title + " child " + i);
            List<Object> dependencies = new ArrayList<>();
            for (int d = Math.max(0, i - Limit.DEPENDENCIES.max()); d < i; d++) {
                dependencies.add(d);
            }
            child.put("dependencies", dependencies);
            tasks.add(child);
        }
        goal.put("tasks", tasks);
        return goal;
    }

    private static Map<String, Object> work(String title) {
        return map("title", title, "type", "work", "priority", "medium");
    }

    private static List<String> strings(String prefix, int count, int length) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            String text = prefix + " " + i + " ";
            out.add(text + "z".repeat(Math.max(0, length - text.length())));
        }
        return out;
    }

    private static Map<String, Object> map(Object... pairs) {
        Map<String, Object> map = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            map.put((String) pairs[i], pairs[i + 1]);
        }
        return map;
    }
}
