package dev.tasklane.simulator;

import java.util.Map;

/**
 * The plan as the batch use case created it on the board: each claimable task's identifier and id by its index
 * (0-based, in creation order), each goal's id, and the goal each task belongs to. What both engines name tasks by.
 *
 * @param identifiers each task's identifier, by index
 * @param ids         each task's id, by index
 * @param goalIds     each goal's id, in the plan's order
 * @param goalOf      each task's goal, as an index into {@code goalIds}
 * @param index       each task's index, by identifier
 */
record PlanOnBoard(String[] identifiers, long[] ids, long[] goalIds, int[] goalOf, Map<String, Integer> index) {
    int size() {
        return identifiers.length;
    }

    String identifier(int task) {
        return identifiers[task];
    }

    /** The index of the task with this identifier. @throws IllegalStateException for one the plan did not create */
    int indexOf(String identifier) {
        Integer task = index.get(identifier);
        if (task == null) {
            throw new IllegalStateException("the board answered task " + identifier + ", which the plan did not create");
        }
        return task;
    }
}
