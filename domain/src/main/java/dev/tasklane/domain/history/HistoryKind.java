package dev.tasklane.domain.history;

/**
 * What happened to a task. The wire names double as the event-stream names ("task.claimed").
 */
public enum HistoryKind {
    CREATED("task.created"),
    UPDATED("task.updated"),
    CLAIMED("task.claimed"),
    UNCLAIMED("task.unclaimed"),
    CLAIM_EXPIRED("task.claim_expired"),
    HEARTBEAT("task.heartbeat"),
    COMPLETED("task.completed"),
    REVIEW_REQUESTED("task.review_requested"),
    REVIEWED("task.reviewed"),
    REWORK("task.rework"),
    DONE("task.done"),
    ASSIGNED("task.assigned"),
    CHANGED_FILES("task.changed_files"),
    AFTER_GOAL_REPORTED("goal.after_goal_reported"),
    GOAL_COMPLETED("goal.completed"),
    ARCHIVED("task.archived"),
    RESTORED("task.restored"),
    DELETED("task.deleted"),
    COMMENTED("task.commented"),
    MOVED("task.moved");

    private final String eventName;

    HistoryKind(String eventName) {
        this.eventName = eventName;
    }

    public String eventName() {
        return eventName;
    }
}
