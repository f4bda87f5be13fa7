package dev.tasklane.simulator;

import java.util.List;
import java.util.Map;

/**
 * What the simulated team works through: goals with nested tasks, exactly as {@code POST /api/tasks/batch}
 * takes them (the value of its {@code goals} key), plus which goals are assigned to which simulated agent.
 *
 * @param goals       raw goal objects: {@code type} goal, a title, a priority and a {@code tasks} array
 * @param assignments goal index (0-based, in {@code goals}) → agent number (0-based); the assignment cascades
 *                    to the goal's children through the assign use case
 */
record Plan(List<Map<String, Object>> goals, Map<Integer, Integer> assignments) {
    static final String GOALS = "goals";
    static final String TASKS = "tasks";

    Plan {
        goals = List.copyOf(goals);
        assignments = Map.copyOf(assignments);
    }

    /** How many tasks the goals hold, goals themselves not counted. */
    int taskCount() {
        return goals.stream().mapToInt(goal -> goal.get(TASKS) instanceof List<?> tasks ? tasks.size() : 0).sum();
    }
}
