package dev.tasklane.application.testing;

import dev.tasklane.domain.task.TaskIdentifier;

import java.util.Arrays;
import java.util.List;

/** Task identifiers written as text in tests ("W12"). */
public final class Identifiers {
    private Identifiers() {
    }

    public static TaskIdentifier tid(String text) {
        return TaskIdentifier.parse(text).orElseThrow(() -> new IllegalArgumentException("not an identifier: " + text));
    }

    public static List<TaskIdentifier> tids(String... texts) {
        return Arrays.stream(texts).map(Identifiers::tid).toList();
    }
}
