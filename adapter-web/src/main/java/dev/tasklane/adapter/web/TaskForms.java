package dev.tasklane.adapter.web;

import dev.tasklane.edge.DocumentKeys;
import dev.tasklane.adapter.web.view.Chrome;
import dev.tasklane.adapter.web.view.Field;
import dev.tasklane.adapter.web.view.Option;
import dev.tasklane.adapter.web.view.TaskForm;
import dev.tasklane.adapter.web.view.TaskForm.ChildRow;
import dev.tasklane.adapter.web.view.TaskForm.KeyFileRow;
import dev.tasklane.adapter.web.view.TaskForm.StepRow;
import dev.tasklane.adapter.web.view.TaskFormPage;
import dev.tasklane.edge.CreateTaskParser;
import dev.tasklane.edge.JsonText;
import dev.tasklane.edge.SentTask;
import dev.tasklane.edge.UpdateTaskParser;
import dev.tasklane.application.port.in.Created;
import dev.tasklane.domain.agent.Actor;
import dev.tasklane.application.port.in.TaskRef;
import dev.tasklane.application.port.in.TaskView;
import dev.tasklane.application.port.in.UpdateTask;
import dev.tasklane.application.port.in.UpdateTaskUseCase;
import dev.tasklane.application.port.in.CreateTaskUseCase;
import dev.tasklane.application.port.in.CallerUseCase;
import dev.tasklane.application.port.in.ReadTasksUseCase;
import dev.tasklane.domain.error.ConflictException;
import dev.tasklane.domain.error.ForbiddenException;
import dev.tasklane.domain.error.NotFoundException;
import dev.tasklane.domain.error.TasklaneException;
import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.identity.User;
import dev.tasklane.domain.task.Capability;
import dev.tasklane.domain.task.Complexity;
import dev.tasklane.domain.task.KeyFile;
import dev.tasklane.domain.task.Priority;
import dev.tasklane.domain.task.Status;
import dev.tasklane.domain.task.Task;
import dev.tasklane.domain.task.TaskIdentifier;
import dev.tasklane.domain.task.Detail;
import dev.tasklane.domain.task.TaskDetails;
import dev.tasklane.domain.task.TaskSpec;
import dev.tasklane.domain.task.TaskType;
import dev.tasklane.domain.task.TextOrList;
import dev.tasklane.domain.task.VerificationStep;
import dev.tasklane.domain.validation.FieldErrors;
import dev.tasklane.domain.validation.Limit;
import dev.tasklane.domain.validation.TaskFieldsRejectedException;
import io.javalin.http.Context;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The New task, New goal and Edit forms, and adding or removing a dependency on the task page. A form is turned into
 * the same plain tree a JSON body arrives as and read by the application's task body readers
 * ({@link CreateTaskParser}, {@link UpdateTaskParser}), then handed to the inbound ports the API uses, so the same
 * rules and the same messages apply; a refused form is shown again with every value kept and each error next to its
 * field. Rows (key files, verification steps, a goal's tasks) are added and removed by submit buttons that show the
 * form again, so no JavaScript is needed.
 */
final class TaskForms {
    private static final Pattern SEPARATORS = Pattern.compile("[,\\s]+");
    private static final Pattern ROW_INDEX = Pattern.compile("^(key_files|verification_steps|tasks)\\.(\\d+)\\.(.*)$");
    /** A form carries no free-form object ({@code technical_details} is not on it), so nothing is written as JSON. */
    private static final JsonText NO_OBJECTS = value -> {
        throw new IllegalStateException("a form never sends a JSON object");
    };

    private final Web web;
    private final CreateTaskUseCase create;
    private final UpdateTaskUseCase update;
    private final ReadTasksUseCase reads;
    private final CallerUseCase identity;
    private final BoardData data;
    private final CreateTaskParser creates = new CreateTaskParser(NO_OBJECTS);
    private final UpdateTaskParser updates = new UpdateTaskParser(NO_OBJECTS);

    TaskForms(Web web, CreateTaskUseCase create, UpdateTaskUseCase update, ReadTasksUseCase reads,
              CallerUseCase identity, BoardData data) {
        this.web = web;
        this.create = create;
        this.update = update;
        this.reads = reads;
        this.identity = identity;
        this.data = data;
    }

    // ------------------------------------------------------------------ new task, new goal

    void newForm(Context ctx) {
        Actor person = web.person(ctx);
        Actor caller = writer(person, ctx);
        boolean goal = "goal".equals(ctx.queryParam("kind"));
        String parent = ctx.queryParam("parent");
        TaskForm form = new TaskForm("", goal ? "goal" : "work", "medium", "", "", "", false, Set.of(), "", "",
                parent == null ? "" : parent.strip(), "", "", "", "", "", "", "", "", "", "", "", "", "", "",
                List.of(new KeyFileRow("", "")), List.of(new StepRow("command", "", "")),
                goal ? List.of(emptyChild(), emptyChild()) : List.of(), Map.of());
        showNew(ctx, person, caller, form, 200);
    }

    void create(Context ctx) {
        Actor person = web.personForChange(ctx);
        Actor caller = writer(person, ctx);
        TaskForm form = read(ctx, false);
        String op = ctx.formParam("op");
        if (op != null && !op.equals("save")) {
            showNew(ctx, person, caller, rows(form, op), 200);
            return;
        }
        Tree tree = createTree(form);
        try {
            Created created = create.create(caller, creates.create(SentTask.of(tree.body()), null));
            long boardId = caller.board().id().value();
            Task task = created.root().task();
            String notice = "Created " + task.identifier() + (created.children().isEmpty() ? ""
                    : " with " + String.join(", ", created.children().stream()
                    .map(child -> child.task().identifier().toString()).toList()));
            web.done(ctx, BoardData.taskHref(boardId, task), notice + ".");
        } catch (TaskFieldsRejectedException rejected) {
            showNew(ctx, person, caller, form.withErrors(tree.errors(rejected.errors())), 422);
        } catch (ForbiddenException | NotFoundException | ConflictException refused) {
            throw refused;
        } catch (TasklaneException refused) {
            showNew(ctx, person, caller, form.withErrors(Map.of("base", List.of(refused.getMessage()))), 422);
        }
    }

    private void showNew(Context ctx, Actor person, Actor caller, TaskForm form, int status) {
        boolean goal = "goal".equals(form.type()) || !form.children().isEmpty();
        String heading = goal ? "New goal" : "New task";
        Chrome chrome = web.chrome(ctx, person, heading + " · " + caller.board().name(), caller.board(), "board");
        String base = chrome.boardHref();
        ctx.status(status);
        web.render(ctx, "task_form.jte", new TaskFormPage(chrome, goal ? "goal" : "task", heading, base + "/new",
                form.parent().isBlank() ? base : base + "/tasks/" + form.parent(), form, types(goal, form.type()),
                priorities(), complexities(), capabilities(), assignees(person, caller, form.assignee(),
                !form.parent().isBlank()), List.of(), 0, List.of(), null, List.of(), summary(form),
                Limit.KEY_FILES.max(), Limit.GOAL_CHILDREN.max()));
    }

    // ------------------------------------------------------------------ edit

    void editForm(Context ctx) {
        Actor person = web.person(ctx);
        Actor caller = writer(person, ctx);
        Task task = reads.get(caller, TaskRef.parse(ctx.pathParam("task"))).task();
        showEdit(ctx, person, caller, task, of(task), task.version(), null, 200);
    }

    void saveEdit(Context ctx) {
        Actor person = web.personForChange(ctx);
        Actor caller = writer(person, ctx);
        TaskRef ref = TaskRef.parse(ctx.pathParam("task"));
        Task stored = reads.get(caller, ref).task();
        TaskForm form = read(ctx, true);
        long version = readVersion(ctx);
        String op = ctx.formParam("op");
        if (op != null && !op.equals("save")) {
            showEdit(ctx, person, caller, stored, rows(form, op), version, null, 200);
            return;
        }
        Tree tree = editTree(form, stored.type() == TaskType.GOAL);
        try {
            UpdateTask edit = updates.read(SentTask.of(tree.body()));
            TaskView saved = update.update(caller, ref, edit, version);
            web.done(ctx, BoardData.taskHref(caller.board().id().value(), saved.task()),
                    "Saved " + saved.task().identifier() + ".");
        } catch (TaskFieldsRejectedException rejected) {
            showEdit(ctx, person, caller, stored, form.withErrors(tree.errors(rejected.errors())), version, null, 422);
        } catch (ConflictException conflict) {
            if (!UpdateTaskUseCase.EDIT_CONFLICT.equals(conflict.code())) {
                throw conflict;
            }
            Task current = reads.get(caller, ref).task();
            showEdit(ctx, person, caller, current, form.withErrors(Map.of("base", List.of(conflict.getMessage()
                    + " Your text is kept in the form; saving it now replaces the version shown beside it."))),
                    current.version(), current, 409);
        } catch (ForbiddenException | NotFoundException refused) {
            throw refused;
        } catch (TasklaneException refused) {
            showEdit(ctx, person, caller, stored, form.withErrors(Map.of("base", List.of(refused.getMessage()))),
                    version, null, 422);
        }
    }

    private void showEdit(Context ctx, Actor person, Actor caller, Task task, TaskForm form, long version,
            Task current, int status) {
        long boardId = caller.board().id().value();
        Map<UserId, User> users = data.members(person, boardId);
        String heading = "Edit " + task.identifier();
        Chrome chrome = web.chrome(ctx, person, heading + " · " + task.spec().title(), caller.board(), "board");
        List<Field> readOnly = new ArrayList<>();
        readOnly.add(Field.text("Identifier", task.identifier().toString()));
        readOnly.add(Field.text("Status", task.status().columnName()));
        readOnly.add(Field.text("Assignee", orDash(BoardData.name(users, task.assignedToId()))));
        readOnly.add(Field.text("Dependencies", task.spec().dependencies().isEmpty() ? "—"
                : TaskIdentifier.join(task.spec().dependencies())));
        readOnly.add(Field.text("Created", Format.when(task.insertedAt())
                + (task.createdByAgent() == null ? "" : " by " + task.createdByAgent())));
        readOnly.add(Field.text("Version", Long.toString(version)));
        String hold = task.status() == Status.IN_PROGRESS
                ? "An agent" + (BoardData.agent(task) == null ? "" : " (" + BoardData.agent(task) + ")")
                + " holds this task in Doing and is working from what it read when it claimed it. Your edit is saved"
                + " for it and for the reviewer, but the agent may not see it until it reads the task again."
                : null;
        List<Field> currentFields = new ArrayList<>();
        if (current != null) {
            currentFields.add(Field.text("Title", current.spec().title()));
            currentFields.add(Field.text("Type", current.type().code()));
            currentFields.add(Field.text("Priority", current.priority().code()));
            if (current.spec().description() != null) {
                currentFields.add(Field.text("Description", current.spec().description()));
            }
            if (current.spec().acceptanceCriteria() != null) {
                currentFields.add(Field.text("Acceptance criteria", current.spec().acceptanceCriteria()));
            }
            currentFields.addAll(SpecFields.of(current.spec()));
        }
        ctx.status(status);
        boolean goal = task.type() == TaskType.GOAL;
        web.render(ctx, "task_form.jte", new TaskFormPage(chrome, "edit", heading,
                BoardData.taskHref(boardId, task) + "/edit", BoardData.taskHref(boardId, task), form,
                types(goal, form.type()), priorities(), complexities(), capabilities(), List.of(), List.of(), version,
                readOnly, hold, currentFields, summary(form), Limit.KEY_FILES.max(), Limit.GOAL_CHILDREN.max()));
    }

    // ------------------------------------------------------------------ dependencies on the task page

    /**
     * Adds the identifier in {@code dependency}, or removes the one in {@code remove}, through the edit port with the
     * rules of {@code PATCH /api/tasks/:id}: an unknown identifier or a cycle is refused with the API's message.
     *
     * @return the refusal to show beside the dependency field, or null when the change was saved
     */
    String changeDependencies(Context ctx, Actor caller) {
        TaskRef ref = TaskRef.parse(ctx.pathParam("task"));
        Task task = reads.get(caller, ref).task();
        List<String> dependencies = new ArrayList<>(task.spec().dependencies().stream().map(TaskIdentifier::toString).toList());
        String remove = Web.optional(ctx, "remove");
        String add = Web.optional(ctx, "dependency");
        if (remove != null) {
            dependencies.remove(remove);
        } else if (add != null) {
            for (String identifier : SEPARATORS.split(add)) {
                if (!identifier.isEmpty() && !dependencies.contains(identifier)) {
                    dependencies.add(identifier);
                }
            }
        } else {
            return "Dependencies " + dev.tasklane.domain.validation.TaskFieldRules.BLANK
                    + ": enter the identifier of a task on this board, such as W12";
        }
        try {
            update.update(caller, ref, updates.read(SentTask.builder().put("dependencies", dependencies).build()));
            return null;
        } catch (TaskFieldsRejectedException rejected) {
            return "Dependencies " + String.join("; ", rejected.errors().messages("dependencies"));
        }
    }

    // ------------------------------------------------------------------ reading the form

    private static TaskForm read(Context ctx, boolean edit) {
        List<KeyFileRow> files = new ArrayList<>();
        List<String> paths = ctx.formParams("kf_path");
        List<String> notes = ctx.formParams("kf_note");
        for (int i = 0; i < paths.size(); i++) {
            files.add(new KeyFileRow(at(paths, i), at(notes, i)));
        }
        List<StepRow> steps = new ArrayList<>();
        List<String> stepTypes = ctx.formParams("vs_type");
        List<String> stepTexts = ctx.formParams("vs_text");
        List<String> expected = ctx.formParams("vs_expected");
        for (int i = 0; i < stepTexts.size(); i++) {
            steps.add(new StepRow(at(stepTypes, i), at(stepTexts, i), at(expected, i)));
        }
        List<ChildRow> children = new ArrayList<>();
        if (!edit) {
            List<String> titles = ctx.formParams("c_title");
            for (int i = 0; i < titles.size(); i++) {
                children.add(new ChildRow(at(titles, i), at(ctx.formParams("c_type"), i),
                        at(ctx.formParams("c_priority"), i), at(ctx.formParams("c_description"), i),
                        at(ctx.formParams("c_criteria"), i), at(ctx.formParams("c_dependencies"), i)));
            }
        }
        return new TaskForm(text(ctx, "title"), text(ctx, "type"), text(ctx, "priority"), text(ctx, "complexity"),
                text(ctx, "description"), text(ctx, "acceptance_criteria"), ctx.formParam("needs_review") != null,
                new LinkedHashSet<>(ctx.formParams("required_capabilities")), text(ctx, "dependencies"),
                text(ctx, "assigned_to_id"), text(ctx, "parent_id"), text(ctx, "unit_tests"),
                text(ctx, "integration_tests"), text(ctx, "manual_tests"), text(ctx, "edge_cases"),
                text(ctx, "coverage_target"), text(ctx, "security_considerations"), text(ctx, "pitfalls"),
                text(ctx, "out_of_scope"), text(ctx, "technology_requirements"), text(ctx, "why"), text(ctx, "what"),
                text(ctx, "where_context"), text(ctx, "patterns_to_follow"), text(ctx, "estimated_files"), files, steps,
                children, Map.of());
    }

    private static long readVersion(Context ctx) {
        String raw = Web.required(ctx, "version", "The version the task was read at");
        try {
            return Long.parseLong(raw);
        } catch (NumberFormatException notANumber) {
            throw new dev.tasklane.domain.error.InvalidInputException("invalid_param",
                    "The version the task was read at must be a whole number; open the edit form again",
                    new dev.tasklane.domain.error.ErrorDetails.Field("version"));
        }
    }

    private static String text(Context ctx, String name) {
        return unixLines(ctx.formParam(name));
    }

    private static String at(List<String> values, int index) {
        return index < values.size() ? unixLines(values.get(index)) : "";
    }

    /**
     * A field as typed, its line endings as the API's clients send them: a browser submits a textarea's lines
     * joined by CRLF (the HTML form encoding), which would reach criteria, descriptions and steps as {@code \r\n}.
     */
    static String unixLines(String value) {
        return value == null ? "" : value.replace("\r\n", "\n").replace('\r', '\n');
    }

    private static ChildRow emptyChild() {
        return new ChildRow("", "work", "medium", "", "", "");
    }

    /** The form after an add or remove button: {@code add_kf}, {@code remove_kf:2}, {@code add_vs}, ... */
    private static TaskForm rows(TaskForm form, String op) {
        List<KeyFileRow> files = new ArrayList<>(form.keyFiles());
        List<StepRow> steps = new ArrayList<>(form.steps());
        List<ChildRow> children = new ArrayList<>(form.children());
        String[] parts = op.split(":", 2);
        int index = -1;
        if (parts.length == 2) {
            try {
                index = Integer.parseInt(parts[1]);
            } catch (NumberFormatException ignored) {
                index = -1;
            }
        }
        switch (parts[0]) {
            case "add_kf" -> {
                if (files.size() < Limit.KEY_FILES.max()) {
                    files.add(new KeyFileRow("", ""));
                }
            }
            case "add_vs" -> {
                if (steps.size() < Limit.VERIFICATION_STEPS.max()) {
                    steps.add(new StepRow("command", "", ""));
                }
            }
            case "add_child" -> {
                if (children.size() < Limit.GOAL_CHILDREN.max()) {
                    children.add(emptyChild());
                }
            }
            case "remove_kf" -> removeAt(files, index);
            case "remove_vs" -> removeAt(steps, index);
            case "remove_child" -> removeAt(children, index);
            default -> {
                // an unknown button changes nothing
            }
        }
        return form.withRows(files, steps, children).withErrors(Map.of());
    }

    private static void removeAt(List<?> rows, int index) {
        if (index >= 0 && index < rows.size()) {
            rows.remove(index);
        }
    }

    // ------------------------------------------------------------------ the tree the readers take

    /**
     * A form as the plain tree a JSON body arrives as, and which form row each row of the tree came from (blank rows
     * are left out), so that an error about row {@code i} is shown beside the row the person typed.
     */
    record Tree(Map<String, Object> body, Map<String, List<Integer>> rowsFrom) {
        Map<String, List<String>> errors(FieldErrors errors) {
            Map<String, List<String>> out = new LinkedHashMap<>();
            flatten(errors, "", out);
            Map<String, List<String>> mapped = new LinkedHashMap<>();
            out.forEach((key, messages) -> {
                var matcher = ROW_INDEX.matcher(key);
                String shown = key;
                if (matcher.matches()) {
                    List<Integer> from = rowsFrom.getOrDefault(matcher.group(1), List.of());
                    int row = Integer.parseInt(matcher.group(2));
                    shown = matcher.group(1) + "." + (row < from.size() ? from.get(row) : row) + "." + matcher.group(3);
                }
                mapped.computeIfAbsent(shown, k -> new ArrayList<>()).addAll(messages);
            });
            return mapped;
        }

        private static void flatten(FieldErrors errors, String prefix, Map<String, List<String>> out) {
            for (String field : errors.fields()) {
                for (FieldErrors.Entry entry : errors.entries(field)) {
                    if (entry instanceof FieldErrors.Message message) {
                        out.computeIfAbsent(prefix + field, k -> new ArrayList<>()).add(message.text());
                    } else if (entry instanceof FieldErrors.Rows rows) {
                        for (int i = 0; i < rows.rows().size(); i++) {
                            flatten(rows.rows().get(i), prefix + field + "." + i + ".", out);
                        }
                    }
                }
            }
        }
    }

    private static Tree createTree(TaskForm form) {
        Map<String, List<Integer>> rowsFrom = new LinkedHashMap<>();
        Map<String, Object> body = describe(form, false, rowsFrom);
        putText(body, "complexity", form.complexity());
        if (!form.dependencies().isBlank()) {
            body.put("dependencies", tokens(form.dependencies(), false));
        }
        if (!form.assignee().isBlank()) {
            body.put("assigned_to_id", number(form.assignee()));
        }
        if (!form.parent().isBlank()) {
            body.put("parent_id", form.parent().strip());
        }
        List<Object> children = new ArrayList<>();
        List<Integer> from = new ArrayList<>();
        for (int i = 0; i < form.children().size(); i++) {
            ChildRow row = form.children().get(i);
            if (blank(row.title(), row.description(), row.acceptanceCriteria(), row.dependencies())) {
                continue;
            }
            Map<String, Object> child = new LinkedHashMap<>();
            child.put("title", row.title().strip());
            child.put("type", row.type());
            child.put("priority", row.priority());
            putText(child, "description", row.description());
            putText(child, "acceptance_criteria", row.acceptanceCriteria());
            if (!row.dependencies().isBlank()) {
                child.put("dependencies", tokens(row.dependencies(), true));
            }
            children.add(child);
            from.add(i);
        }
        if (!children.isEmpty()) {
            body.put("tasks", children);
            body.remove("type");
        }
        rowsFrom.put("tasks", from);
        return new Tree(body, rowsFrom);
    }

    private static Tree editTree(TaskForm form, boolean goal) {
        Map<String, List<Integer>> rowsFrom = new LinkedHashMap<>();
        Map<String, Object> body = describe(form, true, rowsFrom);
        if (goal) {
            body.put("type", "goal");
        }
        body.put("complexity", form.complexity().isBlank() ? null : form.complexity());
        return new Tree(body, rowsFrom);
    }

    /**
     * The descriptive fields both forms share. An edit sends every field the form shows (an emptied field clears it);
     * a new task sends only what was filled in.
     */
    private static Map<String, Object> describe(TaskForm form, boolean edit, Map<String, List<Integer>> rowsFrom) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("title", form.title().strip());
        body.put("type", form.type());
        body.put("priority", form.priority());
        putText(body, "description", form.description(), edit);
        putText(body, "acceptance_criteria", form.acceptanceCriteria(), edit);
        body.put("needs_review", form.needsReview());
        if (edit || !form.capabilities().isEmpty()) {
            body.put("required_capabilities", new ArrayList<>(form.capabilities()));
        }
        Map<String, Object> testing = new LinkedHashMap<>();
        putLines(testing, "unit_tests", form.unitTests(), false);
        putLines(testing, "integration_tests", form.integrationTests(), false);
        putLines(testing, "manual_tests", form.manualTests(), false);
        putLines(testing, "edge_cases", form.edgeCases(), false);
        putText(testing, "coverage_target", form.coverageTarget());
        if (!testing.isEmpty() || edit) {
            body.put("testing_strategy", testing.isEmpty() ? null : testing);
        }
        putLines(body, "security_considerations", form.securityConsiderations(), edit);
        putLines(body, "pitfalls", form.pitfalls(), edit);
        putLines(body, "out_of_scope", form.outOfScope(), edit);
        putLines(body, "technology_requirements", form.technologyRequirements(), edit);
        putText(body, "why", form.why(), edit);
        putText(body, "what", form.what(), edit);
        putText(body, "where_context", form.whereContext(), edit);
        putText(body, "patterns_to_follow", form.patternsToFollow(), edit);
        putText(body, "estimated_files", form.estimatedFiles() == null ? "" : form.estimatedFiles().strip(), edit);

        List<Object> files = new ArrayList<>();
        List<Integer> filesFrom = new ArrayList<>();
        for (int i = 0; i < form.keyFiles().size(); i++) {
            KeyFileRow row = form.keyFiles().get(i);
            if (blank(row.path(), row.note())) {
                continue;
            }
            Map<String, Object> file = new LinkedHashMap<>();
            file.put("file_path", row.path().strip());
            putText(file, "note", row.note());
            file.put("position", files.size());
            files.add(file);
            filesFrom.add(i);
        }
        if (edit || !files.isEmpty()) {
            body.put("key_files", files);
        }
        rowsFrom.put("key_files", filesFrom);
        List<Object> steps = new ArrayList<>();
        List<Integer> stepsFrom = new ArrayList<>();
        for (int i = 0; i < form.steps().size(); i++) {
            StepRow row = form.steps().get(i);
            if (blank(row.text(), row.expected())) {
                continue;
            }
            Map<String, Object> step = new LinkedHashMap<>();
            step.put("step_type", row.type());
            step.put("step_text", row.text());
            putText(step, "expected_result", row.expected());
            step.put("position", steps.size());
            steps.add(step);
            stepsFrom.add(i);
        }
        if (edit || !steps.isEmpty()) {
            body.put("verification_steps", steps);
        }
        rowsFrom.put("verification_steps", stepsFrom);
        return body;
    }

    private static boolean blank(String... values) {
        for (String value : values) {
            if (value != null && !value.isBlank()) {
                return false;
            }
        }
        return true;
    }

    private static void putText(Map<String, Object> body, String key, String value) {
        putText(body, key, value, false);
    }

    /** A text field: sent when filled in; on an edit an emptied field is sent as null, which clears it. */
    private static void putText(Map<String, Object> body, String key, String value, boolean edit) {
        if (value != null && !value.isBlank()) {
            body.put(key, value);
        } else if (edit) {
            body.put(key, null);
        }
    }

    /** A list field typed one entry per line; blank lines are left out. */
    private static void putLines(Map<String, Object> body, String key, String value, boolean edit) {
        List<String> lines = value == null ? List.of()
                : value.lines().map(String::strip).filter(line -> !line.isEmpty()).toList();
        if (!lines.isEmpty()) {
            body.put(key, lines);
        } else if (edit) {
            body.put(key, key.equals("security_considerations") ? List.of() : null);
        }
    }

    /**
     * Dependencies typed as identifiers separated by commas or spaces; inside a goal {@code #2} names the goal's
     * second task (the API's 0-based index 1).
     */
    private static List<Object> tokens(String value, boolean inGoal) {
        List<Object> out = new ArrayList<>();
        for (String token : SEPARATORS.split(value.strip())) {
            if (token.isEmpty()) {
                continue;
            }
            if (inGoal && token.matches("#\\d{1,9}")) {
                out.add(Integer.parseInt(token.substring(1)) - 1);
            } else {
                out.add(token);
            }
        }
        return out;
    }

    /** A user id from a select box; anything else is passed on as typed, for the reader to refuse. */
    private static Object number(String value) {
        try {
            return Long.parseLong(value.strip());
        } catch (NumberFormatException notANumber) {
            return value;
        }
    }

    // ------------------------------------------------------------------ a task's values in the form

    static TaskForm of(Task task) {
        TaskSpec spec = task.spec();
        TaskDetails details = spec.details();
        Map<String, TextOrList> testing = DocumentKeys.testingStrategy(spec.testingStrategy());
        List<KeyFileRow> files = new ArrayList<>();
        spec.keyFiles().stream().sorted(Comparator.comparingInt(KeyFile::position))
                .forEach(file -> files.add(new KeyFileRow(file.filePath(), nz(file.note()))));
        files.add(new KeyFileRow("", ""));
        List<StepRow> steps = new ArrayList<>();
        spec.verificationSteps().stream().sorted(Comparator.comparingInt(VerificationStep::position))
                .forEach(step -> steps.add(new StepRow(step.stepType().code(), step.stepText(), nz(step.expectedResult()))));
        steps.add(new StepRow("command", "", ""));
        return new TaskForm(spec.title(), spec.type().code(), spec.priority().code(), spec.complexity().code(),
                nz(spec.description()), nz(spec.acceptanceCriteria()), spec.needsReview(),
                spec.requiredCapabilities().stream().map(Capability::code).collect(java.util.stream.Collectors.toSet()),
                TaskIdentifier.join(spec.dependencies()), "", "",
                lines(testing.get("unit_tests")), lines(testing.get("integration_tests")),
                lines(testing.get("manual_tests")), lines(testing.get("edge_cases")),
                lines(testing.get("coverage_target")), String.join("\n", spec.securityConsiderations()),
                lines(details.pitfalls()), lines(details.outOfScope()), lines(details.technologyRequirements()),
                nz(details.text(Detail.WHY)), nz(details.text(Detail.WHAT)), nz(details.text(Detail.WHERE_CONTEXT)),
                nz(details.text(Detail.PATTERNS_TO_FOLLOW)), nz(details.text(Detail.ESTIMATED_FILES)), files, steps, List.of(), Map.of());
    }

    private static String lines(TextOrList value) {
        return value == null ? "" : String.join("\n", value.lines());
    }

    private static String lines(List<String> values) {
        return values == null ? "" : String.join("\n", values);
    }

    private static String nz(String value) {
        return value == null ? "" : value;
    }

    private static String orDash(String value) {
        return value == null || value.isBlank() ? "—" : value;
    }

    // ------------------------------------------------------------------ options and the error summary

    private Actor writer(Actor person, Context ctx) {
        Actor caller = identity.onBoard(person, Web.boardId(ctx));
        if (!caller.canWrite()) {
            throw new ForbiddenException("forbidden", "You have read-only access to this board: you cannot create or "
                    + "edit tasks. Ask the board's owner for modify access.");
        }
        return caller;
    }

    private static List<Option> types(boolean goal, String selected) {
        if (goal) {
            return List.of(new Option("goal", "goal", true));
        }
        return List.of(new Option("work", "work", !"defect".equals(selected)),
                new Option("defect", "defect", "defect".equals(selected)));
    }

    private static List<Option> priorities() {
        List<Option> out = new ArrayList<>();
        for (Priority priority : Priority.values()) {
            out.add(new Option(priority.code(), priority.code(), false));
        }
        return out;
    }

    private static List<Option> complexities() {
        List<Option> out = new ArrayList<>();
        for (Complexity complexity : Complexity.values()) {
            out.add(new Option(complexity.code(), complexity.code(), false));
        }
        return out;
    }

    private static List<Option> capabilities() {
        List<Option> out = new ArrayList<>();
        for (Capability capability : Capability.values()) {
            out.add(new Option(capability.code(), Format.capability(capability), false));
        }
        return out;
    }

    private List<Option> assignees(Actor person, Actor caller, String selected, boolean underGoal) {
        Map<UserId, User> users = data.members(person, caller.board().id().value());
        List<Option> out = new ArrayList<>();
        out.add(new Option("", underGoal ? "The goal's assignee" : "Nobody", selected.isBlank()));
        users.values().stream().sorted(Comparator.comparing(User::username)).forEach(user -> out.add(new Option(
                Long.toString(user.id().value()), BoardData.name(users, user.id()),
                selected.equals(Long.toString(user.id().value())))));
        return out;
    }

    /** Every error of the form, each with the name of the field it concerns, for the summary at its top. */
    private static List<String> summary(TaskForm form) {
        List<String> out = new ArrayList<>();
        form.errors().forEach((key, messages) -> {
            String label = key.equals("base") ? "" : label(key) + " ";
            messages.forEach(message -> out.add(label + message));
        });
        return out;
    }

    private static String label(String key) {
        var matcher = ROW_INDEX.matcher(key);
        if (matcher.matches()) {
            int row = Integer.parseInt(matcher.group(2)) + 1;
            String what = switch (matcher.group(1)) {
                case "key_files" -> "Key file " + row;
                case "verification_steps" -> "Verification step " + row;
                default -> "Task " + row;
            };
            return what + ": " + matcher.group(3).replace('_', ' ');
        }
        return Format.label(key);
    }
}
