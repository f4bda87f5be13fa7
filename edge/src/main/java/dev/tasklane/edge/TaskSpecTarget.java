package dev.tasklane.edge;

import dev.tasklane.application.port.in.UpdateTask;
import dev.tasklane.domain.task.Capability;
import dev.tasklane.domain.task.Complexity;
import dev.tasklane.domain.task.KeyFile;
import dev.tasklane.domain.task.Priority;
import dev.tasklane.domain.task.TaskDetails;
import dev.tasklane.domain.task.TaskSpec;
import dev.tasklane.domain.task.TaskType;
import dev.tasklane.domain.task.TestingStrategy;
import dev.tasklane.domain.task.VerificationStep;

import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Where {@link TaskFieldParser} puts each field it has read: the spec of a new task, or the {@link UpdateTask} of an
 * edit, which records only the fields that were sent.
 */
public interface TaskSpecTarget {
    void title(String value);

    void type(TaskType value);

    void priority(Priority value);

    void complexity(Complexity value);

    void description(String value);

    void acceptanceCriteria(String value);

    void needsReview(boolean value);

    void humanTask(boolean value);

    void keyFiles(List<KeyFile> value);

    void verificationSteps(List<VerificationStep> value);

    void requiredCapabilities(Set<Capability> value);

    void testingStrategy(TestingStrategy value);

    void securityConsiderations(List<String> value);

    /** Sets one descriptive detail, named by {@code field}, on the details. */
    void detail(TaskField field, Consumer<TaskDetails.Builder> set);

    /** The spec and details builders of a new task. */
    static TaskSpecTarget of(TaskSpec.Builder spec, TaskDetails.Builder details) {
        return new TaskSpecTarget() {
            @Override
            public void title(String value) {
                spec.title(value);
            }

            @Override
            public void type(TaskType value) {
                spec.type(value);
            }

            @Override
            public void priority(Priority value) {
                spec.priority(value);
            }

            @Override
            public void complexity(Complexity value) {
                spec.complexity(value);
            }

            @Override
            public void description(String value) {
                spec.description(value);
            }

            @Override
            public void acceptanceCriteria(String value) {
                spec.acceptanceCriteria(value);
            }

            @Override
            public void needsReview(boolean value) {
                spec.needsReview(value);
            }

            @Override
            public void humanTask(boolean value) {
                spec.humanTask(value);
            }

            @Override
            public void keyFiles(List<KeyFile> value) {
                spec.keyFiles(value);
            }

            @Override
            public void verificationSteps(List<VerificationStep> value) {
                spec.verificationSteps(value);
            }

            @Override
            public void requiredCapabilities(Set<Capability> value) {
                spec.requiredCapabilities(value);
            }

            @Override
            public void testingStrategy(TestingStrategy value) {
                spec.testingStrategy(value);
            }

            @Override
            public void securityConsiderations(List<String> value) {
                spec.securityConsiderations(value);
            }

            @Override
            public void detail(TaskField field, Consumer<TaskDetails.Builder> set) {
                set.accept(details);
            }
        };
    }

    /** An edit: each field set here is a field sent. */
    static TaskSpecTarget of(UpdateTask.Builder edit) {
        return new TaskSpecTarget() {
            @Override
            public void title(String value) {
                edit.title(value);
            }

            @Override
            public void type(TaskType value) {
                edit.type(value);
            }

            @Override
            public void priority(Priority value) {
                edit.priority(value);
            }

            @Override
            public void complexity(Complexity value) {
                edit.complexity(value);
            }

            @Override
            public void description(String value) {
                edit.description(value);
            }

            @Override
            public void acceptanceCriteria(String value) {
                edit.acceptanceCriteria(value);
            }

            @Override
            public void needsReview(boolean value) {
                edit.needsReview(value);
            }

            @Override
            public void humanTask(boolean value) {
                edit.humanTask(value);
            }

            @Override
            public void keyFiles(List<KeyFile> value) {
                edit.keyFiles(value);
            }

            @Override
            public void verificationSteps(List<VerificationStep> value) {
                edit.verificationSteps(value);
            }

            @Override
            public void requiredCapabilities(Set<Capability> value) {
                edit.requiredCapabilities(value);
            }

            @Override
            public void testingStrategy(TestingStrategy value) {
                edit.testingStrategy(value);
            }

            @Override
            public void securityConsiderations(List<String> value) {
                edit.securityConsiderations(value);
            }

            @Override
            public void detail(TaskField field, Consumer<TaskDetails.Builder> set) {
                edit.detail(field.part(), set);
            }
        };
    }
}
