package dev.tasklane.domain.task;

import java.util.Optional;

/** The three kinds of task. Goals are containers and can never be claimed. */
public enum TaskType {
    WORK("W"),
    DEFECT("D"),
    GOAL("G");

    private final String prefix;

    TaskType(String prefix) {
        this.prefix = prefix;
    }

    /** The identifier prefix: G for goals, W for work, D for defects. */
    public String prefix() {
        return prefix;
    }

    public boolean claimable() {
        return this != GOAL;
    }

    public String code() {
        return Codes.of(this);
    }

    public static Optional<TaskType> fromCode(String value) {
        return Codes.parse(TaskType.class, value);
    }
}
