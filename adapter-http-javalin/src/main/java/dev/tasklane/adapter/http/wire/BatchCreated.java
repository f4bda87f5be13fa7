package dev.tasklane.adapter.http.wire;

import java.util.List;

/** The answer of {@code POST /api/tasks/batch}: {@code {success: true, goals, total}}. */
public record BatchCreated(boolean success, List<GoalCreated> goals, int total) {
    public static BatchCreated of(List<GoalCreated> goals) {
        return new BatchCreated(true, goals, goals.size());
    }
}
