package dev.tasklane.application.port.in;

import dev.tasklane.domain.task.Capability;
import dev.tasklane.domain.task.Complexity;
import dev.tasklane.domain.task.Detail;
import dev.tasklane.domain.task.KeyFile;
import dev.tasklane.domain.task.Priority;
import dev.tasklane.domain.task.TaskDetails;
import dev.tasklane.domain.task.TaskIdentifier;
import dev.tasklane.domain.task.TaskSpec;
import dev.tasklane.domain.task.TaskType;
import dev.tasklane.domain.task.TestingStrategy;
import dev.tasklane.domain.task.VerificationStep;

import dev.tasklane.domain.validation.DependencyRef;

import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

/**
 * An edit of a task's descriptive fields (the task edit of docs/api.md): each field is a {@link Patch},
 * so a field that was not sent keeps its value, and a sent field replaces it whole (lists and embedded rows
 * included). Build one with {@link #builder()}; the fields it does not name are {@linkplain Patch#unchanged()
 * unchanged}.
 */
public record UpdateTask(
        Patch<String> title,
        Patch<TaskType> type,
        Patch<Priority> priority,
        Patch<Complexity> complexity,
        Patch<String> description,
        Patch<String> acceptanceCriteria,
        Patch<Boolean> needsReview,
        Patch<Boolean> humanTask,
        Patch<List<DependencyRef>> dependencies,
        Patch<List<KeyFile>> keyFiles,
        Patch<List<VerificationStep>> verificationSteps,
        Patch<Set<Capability>> requiredCapabilities,
        Patch<TestingStrategy> testingStrategy,
        Patch<List<String>> securityConsiderations,
        DetailsEdit details) {

    public static Builder builder() {
        return new Builder();
    }

    /**
     * The spec after this edit. A sent null means the field's default for the fields a spec always has (complexity
     * small, flags false, lists empty, no testing strategy) and "not stated" for the descriptive details.
     */
    public TaskSpec applyTo(TaskSpec current) {
        TaskSpec.Builder spec = current.toBuilder();
        title.ifSent(spec::title);
        type.ifSent(spec::type);
        priority.ifSent(spec::priority);
        complexity.ifSent(value -> spec.complexity(value == null ? Complexity.SMALL : value));
        description.ifSent(spec::description);
        acceptanceCriteria.ifSent(spec::acceptanceCriteria);
        needsReview.ifSent(value -> spec.needsReview(Boolean.TRUE.equals(value)));
        humanTask.ifSent(value -> spec.humanTask(Boolean.TRUE.equals(value)));
        dependencies.ifSent(refs -> spec.dependencies(DependencyRef.identifiers(refs)));
        keyFiles.ifSent(spec::keyFiles);
        verificationSteps.ifSent(spec::verificationSteps);
        requiredCapabilities.ifSent(spec::requiredCapabilities);
        testingStrategy.ifSent(spec::testingStrategy);
        securityConsiderations.ifSent(spec::securityConsiderations);
        return spec.details(details.applyTo(current.details())).build();
    }

    /**
     * The edit of the descriptive details ({@link TaskDetails}): the details it sends, each to its value in
     * {@code values} (a detail sent as null is unset there, which clears it).
     */
    public record DetailsEdit(TaskDetails values, Set<Detail> sent) {
        /** An edit that sends no detail. */
        public static final DetailsEdit NONE = new DetailsEdit(TaskDetails.NONE, Set.of());

        public DetailsEdit {
            values = values == null ? TaskDetails.NONE : values;
            sent = sent == null || sent.isEmpty() ? Set.of() : Collections.unmodifiableSet(EnumSet.copyOf(sent));
        }

        /** Whether the edit sends {@code detail}. */
        public boolean sends(Detail detail) {
            return sent.contains(detail);
        }

        TaskDetails applyTo(TaskDetails current) {
            if (sent.isEmpty()) {
                return current;
            }
            TaskDetails.Builder details = current.toBuilder();
            sent.forEach(detail -> details.copy(detail, values));
            return details.build();
        }
    }

    /**
     * Names the fields an edit sends, one setter per field (a null argument sends null); every field it does not name
     * stays {@linkplain Patch#unchanged() unchanged}.
     */
    public static final class Builder {
        private Patch<String> title = Patch.unchanged();
        private Patch<TaskType> type = Patch.unchanged();
        private Patch<Priority> priority = Patch.unchanged();
        private Patch<Complexity> complexity = Patch.unchanged();
        private Patch<String> description = Patch.unchanged();
        private Patch<String> acceptanceCriteria = Patch.unchanged();
        private Patch<Boolean> needsReview = Patch.unchanged();
        private Patch<Boolean> humanTask = Patch.unchanged();
        private Patch<List<DependencyRef>> dependencies = Patch.unchanged();
        private Patch<List<KeyFile>> keyFiles = Patch.unchanged();
        private Patch<List<VerificationStep>> verificationSteps = Patch.unchanged();
        private Patch<Set<Capability>> requiredCapabilities = Patch.unchanged();
        private Patch<TestingStrategy> testingStrategy = Patch.unchanged();
        private Patch<List<String>> securityConsiderations = Patch.unchanged();
        private final TaskDetails.Builder detailValues = TaskDetails.builder();
        private final EnumSet<Detail> detailsSent = EnumSet.noneOf(Detail.class);

        private Builder() {
        }

        public Builder title(String value) {
            title = Patch.to(value);
            return this;
        }

        public Builder type(TaskType value) {
            type = Patch.to(value);
            return this;
        }

        public Builder priority(Priority value) {
            priority = Patch.to(value);
            return this;
        }

        public Builder complexity(Complexity value) {
            complexity = Patch.to(value);
            return this;
        }

        public Builder description(String value) {
            description = Patch.to(value);
            return this;
        }

        public Builder acceptanceCriteria(String value) {
            acceptanceCriteria = Patch.to(value);
            return this;
        }

        public Builder needsReview(Boolean value) {
            needsReview = Patch.to(value);
            return this;
        }

        public Builder humanTask(Boolean value) {
            humanTask = Patch.to(value);
            return this;
        }

        public Builder dependencies(List<TaskIdentifier> value) {
            dependencies = Patch.to(value == null ? null
                    : value.stream().<DependencyRef>map(DependencyRef.ByIdentifier::new).toList());
            return this;
        }

        /** The dependencies as sent, malformed names included (refused as unknown when the edit is made). */
        public Builder dependencyRefs(List<DependencyRef> value) {
            dependencies = Patch.to(value);
            return this;
        }

        public Builder keyFiles(List<KeyFile> value) {
            keyFiles = Patch.to(value);
            return this;
        }

        public Builder verificationSteps(List<VerificationStep> value) {
            verificationSteps = Patch.to(value);
            return this;
        }

        public Builder requiredCapabilities(Set<Capability> value) {
            requiredCapabilities = Patch.to(value);
            return this;
        }

        public Builder testingStrategy(TestingStrategy value) {
            testingStrategy = Patch.to(value);
            return this;
        }

        public Builder securityConsiderations(List<String> value) {
            securityConsiderations = Patch.to(value);
            return this;
        }

        /**
         * Sends one descriptive detail: {@code set} receives the details builder and sets that detail (null clears
         * it), e.g. {@code detail(Detail.WHY, d -> d.text(Detail.WHY, "because"))}.
         */
        public Builder detail(Detail detail, Consumer<TaskDetails.Builder> set) {
            set.accept(detailValues);
            detailsSent.add(detail);
            return this;
        }

        public UpdateTask build() {
            return new UpdateTask(title, type, priority, complexity, description, acceptanceCriteria, needsReview,
                    humanTask, dependencies, keyFiles, verificationSteps, requiredCapabilities, testingStrategy,
                    securityConsiderations, new DetailsEdit(detailValues.build(), detailsSent));
        }
    }
}
