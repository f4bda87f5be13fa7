package dev.tasklane.domain.task;

import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * What a task asks for: everything its author writes. The fields the service reasons about are components of their
 * own; the purely descriptive ones ({@code why}, {@code pitfalls}, {@code technical_details}, ...) are grouped in
 * {@link TaskDetails}. Build one with {@link #builder(String, TaskType, Priority)}, change one with
 * {@link #toBuilder()}.
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
        List<TaskIdentifier> dependencies,
        List<KeyFile> keyFiles,
        List<VerificationStep> verificationSteps,
        Set<Capability> requiredCapabilities,
        TestingStrategy testingStrategy,
        List<String> securityConsiderations,
        TaskDetails details) {

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
        testingStrategy = testingStrategy == null ? TestingStrategy.NONE : testingStrategy;
        securityConsiderations = List.copyOf(securityConsiderations == null ? List.of() : securityConsiderations);
        details = details == null ? TaskDetails.NONE : details;
    }

    /** A minimal spec: a title, a type and a priority; everything else at its default. */
    public static TaskSpec of(String title, TaskType type, Priority priority) {
        return builder(title, type, priority).build();
    }

    /** A builder with the three required values and every other value at its default (complexity small). */
    public static Builder builder(String title, TaskType type, Priority priority) {
        return new Builder().title(title).type(type).priority(priority);
    }

    /** A builder holding this spec's values, to change some of them. */
    public Builder toBuilder() {
        return new Builder().title(title).type(type).priority(priority).complexity(complexity)
                .description(description).acceptanceCriteria(acceptanceCriteria).needsReview(needsReview)
                .humanTask(humanTask).dependencies(dependencies).keyFiles(keyFiles)
                .verificationSteps(verificationSteps).requiredCapabilities(requiredCapabilities)
                .testingStrategy(testingStrategy).securityConsiderations(securityConsiderations).details(details);
    }

    /** Non-blank lines of the acceptance criteria. */
    public List<String> acceptanceCriteriaLines() {
        if (acceptanceCriteria == null) {
            return List.of();
        }
        return acceptanceCriteria.lines().map(String::strip).filter(line -> !line.isEmpty()).toList();
    }

    /** Collects a spec's values; {@link #build()} checks them as the record's constructor does. */
    public static final class Builder {
        private String title;
        private TaskType type;
        private Priority priority;
        private Complexity complexity = Complexity.SMALL;
        private String description;
        private String acceptanceCriteria;
        private boolean needsReview;
        private boolean humanTask;
        private List<TaskIdentifier> dependencies = List.of();
        private List<KeyFile> keyFiles = List.of();
        private List<VerificationStep> verificationSteps = List.of();
        private Set<Capability> requiredCapabilities = Set.of();
        private TestingStrategy testingStrategy = TestingStrategy.NONE;
        private List<String> securityConsiderations = List.of();
        private TaskDetails details = TaskDetails.NONE;

        private Builder() {
        }

        public Builder title(String value) {
            title = value;
            return this;
        }

        public Builder type(TaskType value) {
            type = value;
            return this;
        }

        public Builder priority(Priority value) {
            priority = value;
            return this;
        }

        public Builder complexity(Complexity value) {
            complexity = value;
            return this;
        }

        public Builder description(String value) {
            description = value;
            return this;
        }

        public Builder acceptanceCriteria(String value) {
            acceptanceCriteria = value;
            return this;
        }

        public Builder needsReview(boolean value) {
            needsReview = value;
            return this;
        }

        public Builder humanTask(boolean value) {
            humanTask = value;
            return this;
        }

        public Builder dependencies(List<TaskIdentifier> value) {
            dependencies = value;
            return this;
        }

        public Builder keyFiles(List<KeyFile> value) {
            keyFiles = value;
            return this;
        }

        public Builder verificationSteps(List<VerificationStep> value) {
            verificationSteps = value;
            return this;
        }

        public Builder requiredCapabilities(Set<Capability> value) {
            requiredCapabilities = value;
            return this;
        }

        public Builder testingStrategy(TestingStrategy value) {
            testingStrategy = value;
            return this;
        }

        public Builder securityConsiderations(List<String> value) {
            securityConsiderations = value;
            return this;
        }

        public Builder details(TaskDetails value) {
            details = value;
            return this;
        }

        public TaskSpec build() {
            return new TaskSpec(title, type, priority, complexity, description, acceptanceCriteria, needsReview,
                    humanTask, dependencies, keyFiles, verificationSteps, requiredCapabilities, testingStrategy,
                    securityConsiderations, details);
        }
    }
}
