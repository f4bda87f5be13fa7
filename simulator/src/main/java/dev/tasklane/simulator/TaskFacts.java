package dev.tasklane.simulator;

import dev.tasklane.domain.task.TaskType;

import java.util.List;

/**
 * What the plan says about one claimable task: its type (work or defect), the identifiers it depends on and the
 * files it touches.
 */
record TaskFacts(String identifier, TaskType type, List<String> dependencies, List<String> keyFiles) {
    TaskFacts {
        dependencies = List.copyOf(dependencies);
        keyFiles = List.copyOf(keyFiles);
    }
}
