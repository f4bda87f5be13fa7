package dev.tasklane.domain.task;

import java.util.Collections;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What a task asks for: everything its author writes. The fields the service reasons about are typed;
 * the purely descriptive ones ({@code why}, {@code pitfalls}, {@code technical_details}, ...) travel in
 * {@link #details()}, keyed by their wire name, already validated by {@code TaskFieldRules}.
 *
 * <p>Structured values (maps and lists) are plain Java trees of String, Long, Double, Boolean, List and
 * Map, so the domain stays free of any JSON library.
 */
public record TaskSpec(
        String title,
        TaskType type,
        Priority priority,
        Complexity complexity,
        String description,
        String acceptanceCriteria,
        boolean needsReview,
        boolean humanTask,
        List<String> dependencies,
        List<KeyFile> keyFiles,
        List<VerificationStep> verificationSteps,
        Set<Capability> requiredCapabilities,
        Map<String, Object> testingStrategy,
        List<String> securityConsiderations,
        Map<String, Object> details) {

    public TaskSpec {
        if (title == null || title.isBlank()) {
            throw new IllegalArgumentException("title is required");
        }
        if (type == null || priority == null || complexity == null) {
            throw new IllegalArgumentException("type, priority and complexity are required");
        }
        dependencies = List.copyOf(dependencies == null ? List.of() : dependencies);
        keyFiles = List.copyOf(keyFiles == null ? List.of() : keyFiles);
        verificationSteps = List.copyOf(verificationSteps == null ? List.of() : verificationSteps);
        requiredCapabilities = requiredCapabilities == null || requiredCapabilities.isEmpty()
                ? Set.of()
                : Collections.unmodifiableSet(EnumSet.copyOf(requiredCapabilities));
        testingStrategy = Collections.unmodifiableMap(new LinkedHashMap<>(testingStrategy == null ? Map.of() : testingStrategy));
        securityConsiderations = List.copyOf(securityConsiderations == null ? List.of() : securityConsiderations);
        details = Collections.unmodifiableMap(new LinkedHashMap<>(details == null ? Map.of() : details));
    }

    /** A minimal spec: a title, a type and a priority; everything else at its default. */
    public static TaskSpec of(String title, TaskType type, Priority priority) {
        return new TaskSpec(title, type, priority, Complexity.SMALL, null, null, false, false,
                List.of(), List.of(), List.of(), Set.of(), Map.of(), List.of(), Map.of());
    }

    public TaskSpec withType(TaskType newType) {
        return new TaskSpec(title, newType, priority, complexity, description, acceptanceCriteria, needsReview,
                humanTask, dependencies, keyFiles, verificationSteps, requiredCapabilities, testingStrategy,
                securityConsiderations, details);
    }

    public TaskSpec withDependencies(List<String> newDependencies) {
        return new TaskSpec(title, type, priority, complexity, description, acceptanceCriteria, needsReview,
                humanTask, newDependencies, keyFiles, verificationSteps, requiredCapabilities, testingStrategy,
                securityConsiderations, details);
    }

    public TaskSpec withPriority(Priority newPriority) {
        return new TaskSpec(title, type, newPriority, complexity, description, acceptanceCriteria, needsReview,
                humanTask, dependencies, keyFiles, verificationSteps, requiredCapabilities, testingStrategy,
                securityConsiderations, details);
    }

    public TaskSpec withNeedsReview(boolean value) {
        return new TaskSpec(title, type, priority, complexity, description, acceptanceCriteria, value,
                humanTask, dependencies, keyFiles, verificationSteps, requiredCapabilities, testingStrategy,
                securityConsiderations, details);
    }

    public TaskSpec withKeyFiles(List<KeyFile> newKeyFiles) {
        return new TaskSpec(title, type, priority, complexity, description, acceptanceCriteria, needsReview,
                humanTask, dependencies, newKeyFiles, verificationSteps, requiredCapabilities, testingStrategy,
                securityConsiderations, details);
    }

    public TaskSpec withRequiredCapabilities(Set<Capability> capabilities) {
        return new TaskSpec(title, type, priority, complexity, description, acceptanceCriteria, needsReview,
                humanTask, dependencies, keyFiles, verificationSteps, capabilities, testingStrategy,
                securityConsiderations, details);
    }

    /** Non-blank lines of the acceptance criteria. */
    public List<String> acceptanceCriteriaLines() {
        if (acceptanceCriteria == null) {
            return List.of();
        }
        return acceptanceCriteria.lines().map(String::strip).filter(line -> !line.isEmpty()).toList();
    }
}
