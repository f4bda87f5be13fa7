package dev.tasklane.simulator;

import dev.tasklane.application.port.in.NewTask;
import dev.tasklane.application.port.in.Patch;
import dev.tasklane.domain.assignment.AssigneeChoice;
import dev.tasklane.domain.task.Capability;
import dev.tasklane.domain.task.Complexity;
import dev.tasklane.domain.task.KeyFile;
import dev.tasklane.domain.task.Priority;
import dev.tasklane.domain.task.TaskSpec;
import dev.tasklane.domain.task.TaskType;
import dev.tasklane.domain.task.TaskIdentifier;
import dev.tasklane.domain.validation.DependencyRef;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A plan's goal objects (the batch body's shape, docs/simulator.md) as the typed tasks the batch use case takes. A
 * plan names, per goal and per task: {@code title}, {@code type}, {@code priority} and optionally
 * {@code description}, {@code acceptance_criteria}, {@code complexity}, {@code needs_review}, {@code human_task},
 * {@code required_capabilities}, {@code key_files} ({@code file_path}, {@code note}, {@code position}) and
 * {@code dependencies} (identifiers, or inside a goal 0-based indices of its tasks); other keys are ignored, as the
 * API ignores them. A value of the wrong kind is refused with {@link IllegalArgumentException} naming it.
 */
final class PlanTasks {
    private PlanTasks() {
    }

    static NewTask goal(Map<String, Object> goal) {
        List<NewTask> tasks = new ArrayList<>();
        for (Object child : list(goal, Plan.TASKS)) {
            if (!(child instanceof Map<?, ?> map)) {
                throw new IllegalArgumentException("every entry of a goal's tasks is a task object: " + child);
            }
            @SuppressWarnings("unchecked")
            Map<String, Object> task = (Map<String, Object>) map;
            tasks.add(task(task, false));
        }
        return task(goal, true).withChildren(tasks);
    }

    private static NewTask task(Map<String, Object> raw, boolean goal) {
        TaskType type = goal ? TaskType.GOAL : TaskType.fromCode(text(raw, "type"))
                .orElseThrow(() -> refused(raw, "type"));
        TaskSpec.Builder spec = TaskSpec.builder(text(raw, "title"), type,
                Priority.fromCode(text(raw, "priority")).orElseThrow(() -> refused(raw, "priority")));
        if (raw.get("complexity") != null) {
            spec.complexity(Complexity.fromCode(text(raw, "complexity")).orElseThrow(() -> refused(raw, "complexity")));
        }
        List<DependencyRef> dependencies = new ArrayList<>();
        List<TaskIdentifier> identifiers = new ArrayList<>();
        for (Object entry : list(raw, "dependencies")) {
            if (entry instanceof Integer index && index >= 0) {
                dependencies.add(new DependencyRef.ByIndex(index));
            } else if (entry instanceof String text && TaskIdentifier.parse(text).isPresent()) {
                TaskIdentifier identifier = TaskIdentifier.parse(text).orElseThrow();
                dependencies.add(new DependencyRef.ByIdentifier(identifier));
                identifiers.add(identifier);
            } else {
                throw refused(raw, "dependencies");
            }
        }
        spec.description(text(raw, "description"))
                .acceptanceCriteria(text(raw, "acceptance_criteria"))
                .needsReview(flag(raw, "needs_review"))
                .humanTask(flag(raw, "human_task"))
                .dependencies(identifiers)
                .keyFiles(keyFiles(raw))
                .requiredCapabilities(capabilities(raw));
        return new NewTask(spec.build(), dependencies, AssigneeChoice.INHERIT, null, Patch.unchanged(), List.of());
    }

    private static List<KeyFile> keyFiles(Map<String, Object> raw) {
        List<KeyFile> out = new ArrayList<>();
        for (Object entry : list(raw, "key_files")) {
            if (!(entry instanceof Map<?, ?> row) || !(row.get("file_path") instanceof String path)
                    || !(row.get("position") == null || row.get("position") instanceof Integer)
                    || !(row.get("note") == null || row.get("note") instanceof String)) {
                throw refused(raw, "key_files");
            }
            out.add(new KeyFile(path, (String) row.get("note"), row.get("position") == null ? out.size() : (Integer) row.get("position")));
        }
        return out;
    }

    private static Set<Capability> capabilities(Map<String, Object> raw) {
        Set<Capability> out = EnumSet.noneOf(Capability.class);
        for (Object name : list(raw, "required_capabilities")) {
            out.add(Capability.fromCode(name instanceof String text ? text : null)
                    .orElseThrow(() -> refused(raw, "required_capabilities")));
        }
        return out;
    }

    private static String text(Map<String, Object> raw, String key) {
        Object value = raw.get(key);
        if (value != null && !(value instanceof String)) {
            throw refused(raw, key);
        }
        return (String) value;
    }

    private static boolean flag(Map<String, Object> raw, String key) {
        Object value = raw.get(key);
        if (value != null && !(value instanceof Boolean)) {
            throw refused(raw, key);
        }
        return Boolean.TRUE.equals(value);
    }

    private static List<?> list(Map<String, Object> raw, String key) {
        Object value = raw.get(key);
        if (value != null && !(value instanceof List<?>)) {
            throw refused(raw, key);
        }
        return value == null ? List.of() : (List<?>) value;
    }

    private static IllegalArgumentException refused(Map<String, Object> raw, String key) {
        return new IllegalArgumentException("plan task \"" + raw.get("title") + "\": " + key + " is invalid: " + raw.get(key));
    }
}
