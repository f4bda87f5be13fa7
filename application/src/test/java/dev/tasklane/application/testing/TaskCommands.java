package dev.tasklane.application.testing;

import dev.tasklane.application.port.in.CreateBatch;
import dev.tasklane.application.port.in.CreateTask;
import dev.tasklane.application.port.in.NewTask;
import dev.tasklane.application.port.in.Patch;
import dev.tasklane.application.port.in.TaskRef;
import dev.tasklane.application.port.in.UpdateTask;
import dev.tasklane.domain.assignment.AssigneeChoice;
import dev.tasklane.domain.id.TaskId;
import dev.tasklane.domain.id.UserId;
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
 * The typed commands of the task objects that the tests write as maps with wire names ({@code task("A", "priority",
 * "high")}), so that a test reads like the request it stands for. Only well-formed values of the keys listed below are
 * read; any other key fails the test at once rather than being ignored. Parsing real request bodies, with their
 * errors, is the HTTP adapter's job and is tested there.
 */
public final class TaskCommands {
    private static final Set<String> KEYS = Set.of("title", "type", "priority", "complexity", "description",
            "acceptance_criteria", "needs_review", "human_task", "dependencies", "key_files", "required_capabilities",
            "security_considerations", "assigned_to_id", "parent_id", "created_by_agent", "tasks");

    private TaskCommands() {
    }

    public static CreateTask create(Map<String, Object> task, String agentName) {
        return new CreateTask(task(task, false), agentName);
    }

    public static CreateBatch batch(List<? extends Map<String, Object>> goals, String agentName) {
        return new CreateBatch(goals.stream().map(goal -> task(goal, false)).toList(), agentName);
    }

    @SuppressWarnings("unchecked")
    public static NewTask task(Map<String, Object> raw, boolean nestedInGoal) {
        for (String key : raw.keySet()) {
            if (!KEYS.contains(key)) {
                throw new IllegalArgumentException("TaskCommands does not read " + key + "; build the command directly");
            }
        }
        List<Map<String, Object>> tasks = raw.get("tasks") == null ? List.of() : (List<Map<String, Object>>) raw.get("tasks");
        TaskSpec.Builder spec = TaskSpec.builder((String) raw.get("title"),
                tasks.isEmpty() ? TaskType.fromCode((String) raw.get("type")).orElseThrow() : TaskType.GOAL,
                Priority.fromCode((String) raw.get("priority")).orElseThrow());
        if (raw.get("complexity") != null) {
            spec.complexity(Complexity.fromCode((String) raw.get("complexity")).orElseThrow());
        }
        spec.description((String) raw.get("description"))
                .acceptanceCriteria((String) raw.get("acceptance_criteria"))
                .needsReview(Boolean.TRUE.equals(raw.get("needs_review")))
                .humanTask(Boolean.TRUE.equals(raw.get("human_task")))
                .keyFiles(keyFiles(raw.get("key_files")))
                .requiredCapabilities(capabilities(raw.get("required_capabilities")))
                .securityConsiderations((List<String>) raw.get("security_considerations"));
        List<DependencyRef> dependencies = new ArrayList<>();
        List<TaskIdentifier> identifiers = new ArrayList<>();
        for (Object entry : raw.get("dependencies") == null ? List.of() : (List<Object>) raw.get("dependencies")) {
            if (entry instanceof Number index) {
                dependencies.add(new DependencyRef.ByIndex(index.intValue()));
            } else {
                DependencyRef named = ref((String) entry);
                dependencies.add(named);
                if (named instanceof DependencyRef.ByIdentifier byIdentifier) {
                    identifiers.add(byIdentifier.identifier());
                }
            }
        }
        spec.dependencies(identifiers);
        AssigneeChoice assignee = raw.containsKey("assigned_to_id")
                ? new AssigneeChoice.Explicit(raw.get("assigned_to_id") == null ? null : UserId.of(((Number) raw.get("assigned_to_id")).longValue()))
                : AssigneeChoice.INHERIT;
        Object parent = raw.get("parent_id");
        TaskRef parentRef = parent == null ? null
                : parent instanceof Number id ? new TaskRef.ById(TaskId.of(id.longValue())) : TaskRef.parse((String) parent);
        Patch<String> agent = raw.containsKey("created_by_agent") ? Patch.to((String) raw.get("created_by_agent"))
                : Patch.unchanged();
        List<NewTask> children = tasks.stream().map(child -> task(child, true)).toList();
        return new NewTask(spec.build(), dependencies, assignee, nestedInGoal ? null : parentRef, agent, children);
    }

    /** An edit of the fields a test sends: title, priority, needs_review, dependencies, description. */
    @SuppressWarnings("unchecked")
    public static UpdateTask edit(Map<String, Object> raw) {
        UpdateTask.Builder edit = UpdateTask.builder();
        raw.forEach((key, value) -> {
            switch (key) {
                case "title" -> edit.title((String) value);
                case "description" -> edit.description((String) value);
                case "priority" -> edit.priority(Priority.fromCode((String) value).orElseThrow());
                case "needs_review" -> edit.needsReview((Boolean) value);
                case "dependencies" -> edit.dependencyRefs(((List<String>) value).stream().map(TaskCommands::ref).toList());
                default -> throw new IllegalArgumentException("TaskCommands.edit does not read " + key);
            }
        });
        return edit.build();
    }

    @SuppressWarnings("unchecked")
    private static List<KeyFile> keyFiles(Object value) {
        List<KeyFile> out = new ArrayList<>();
        for (Map<String, Object> row : value == null ? List.<Map<String, Object>>of() : (List<Map<String, Object>>) value) {
            out.add(new KeyFile((String) row.get("file_path"), (String) row.get("note"),
                    row.get("position") == null ? 0 : ((Number) row.get("position")).intValue()));
        }
        return out;
    }

    @SuppressWarnings("unchecked")
    private static Set<Capability> capabilities(Object value) {
        Set<Capability> out = EnumSet.noneOf(Capability.class);
        for (String name : value == null ? List.<String>of() : (List<String>) value) {
            out.add(Capability.fromCode(name).orElseThrow());
        }
        return out;
    }

    /** A dependency as an agent writes it: an identifier, or a malformed name that names no task. */
    static DependencyRef ref(String text) {
        return TaskIdentifier.parse(text).<DependencyRef>map(DependencyRef.ByIdentifier::new)
                .orElseGet(() -> new DependencyRef.Malformed(text));
    }
}
