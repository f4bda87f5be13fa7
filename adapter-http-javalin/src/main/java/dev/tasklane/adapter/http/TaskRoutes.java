package dev.tasklane.adapter.http;

import dev.tasklane.application.edge.UpdateTaskParser;
import dev.tasklane.application.edge.CreateTaskParser;
import dev.tasklane.application.port.in.AfterGoalUseCase.AfterGoalStatus;
import dev.tasklane.application.port.in.CreateBatch;
import dev.tasklane.application.port.in.CreateTask;
import dev.tasklane.application.port.in.Created;
import dev.tasklane.application.port.in.ReadTasksUseCase.Dependency;
import dev.tasklane.application.port.in.ReadTasksUseCase.DependencyChain;
import dev.tasklane.application.port.in.ReadTasksUseCase.Dependents;
import dev.tasklane.application.port.in.ReadTasksUseCase.TaskListPage;
import dev.tasklane.application.port.in.ReadTasksUseCase.TaskTree;
import dev.tasklane.application.port.in.TaskView;
import dev.tasklane.application.port.in.UpdateTask;
import dev.tasklane.application.port.in.UseCases;
import dev.tasklane.domain.agent.BoardAccess;
import dev.tasklane.domain.error.TasklaneException;
import dev.tasklane.domain.history.HistoryEntry;
import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.identity.Board;
import dev.tasklane.domain.projection.ShowFields;
import dev.tasklane.application.edge.TaskField;
import dev.tasklane.domain.validation.TaskFieldRules;
import dev.tasklane.domain.validation.TaskFieldsRejectedException;
import dev.tasklane.domain.validation.TaskUpdateRejectedException;
import io.javalin.http.HandlerType;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Creating, reading, editing and assigning tasks; the goal's after_goal report and status. */
final class TaskRoutes {
    /** The optional part of list answers, and the {@code include} value that asks for it. */
    static final String CHANGED_FILES = "changed_files";
    private final UseCases useCases;
    private final CreateTaskParser creates;
    private final UpdateBodyReader updates;

    TaskRoutes(UseCases useCases, Json json) {
        this.useCases = useCases;
        this.creates = new CreateTaskParser(json::write);
        this.updates = new UpdateBodyReader(json::write);
    }

    List<Route> routes() {
        return List.of(
                Route.authed(HandlerType.POST, "/api/tasks/batch", "Create several goals with nested tasks, all or none", this::batch),
                Route.authed(HandlerType.POST, "/api/tasks", "Create a task, or a goal with nested tasks", this::create),
                Route.authed(HandlerType.GET, "/api/tasks", "List the board's tasks (filters, sort, cursor pages)", this::list),
                Route.authed(HandlerType.GET, "/api/tasks/{id}", "One task by id or identifier", this::show),
                Route.authed(HandlerType.GET, "/api/tasks/{id}/tree", "A goal with its children and counts", this::tree),
                Route.authed(HandlerType.GET, "/api/tasks/{id}/dependencies", "The tasks a task depends on, recursively", this::dependencies),
                Route.authed(HandlerType.GET, "/api/tasks/{id}/dependents", "The tasks that depend on a task", this::dependents),
                Route.authed(HandlerType.GET, "/api/tasks/{id}/history", "A task's history (claims, completions, assignments...)", this::history),
                Route.authed(HandlerType.PATCH, "/api/tasks/{id}", "Edit a task's descriptive fields", this::update),
                Route.authed(HandlerType.PUT, "/api/tasks/{id}", "Edit a task's descriptive fields (alias of PATCH)", this::update),
                Route.authed(HandlerType.PATCH, "/api/tasks/{id}/assign", "Assign a task or a goal (cascading) to a user or nobody", this::assign),
                Route.authed(HandlerType.GET, "/api/tasks/{id}/after_goal_status", "Whether a goal's after_goal hook is armed", this::afterGoalStatus),
                Route.authed(HandlerType.PATCH, "/api/tasks/{id}/after_goal", "Report the goal's after_goal hook result", this::afterGoal));
    }

    private void create(Call call) {
        Map<String, Object> task = RootKeys.createTask(call.object());
        BoardAccess.requireWrite(call.actor());
        CreateTask command = creates.create(task, call.softParam("agent_name"));
        Created created = useCases.create().create(call.actor(), command);
        call.header("location", "/api/tasks/" + created.root().task().id());
        if (created.goalWithChildren()) {
            call.respond(201, goalRender(created, call.board()));
        } else {
            call.respond(201, Envelope.data(TaskJson.full(created.root(), call.board())).skills().build());
        }
    }

    private void batch(Call call) {
        List<Object> goals = RootKeys.goals(call.object());
        BoardAccess.requireWrite(call.actor());
        CreateBatch command = creates.batch(goals, call.softParam("agent_name"));
        List<Created> created = useCases.batch().createBatch(call.actor(), command);
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("success", true);
        body.put("goals", created.stream().map(entry -> goalRender(entry, call.board())).toList());
        body.put("total", created.size());
        call.respond(201, body);
    }

    static Map<String, Object> goalRender(Created created, Board board) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("goal", TaskJson.goal(created.root(), board));
        body.put("child_tasks", created.children().stream().map(TaskJson::summary).toList());
        return body;
    }

    private void list(Call call) {
        TaskListPage page = useCases.reads().list(call.actor(), TaskListParams.from(call, useCases.reads()));
        boolean slim = call.slim();
        Map<String, Object> body = new LinkedHashMap<>();
        boolean changedFiles = call.includes(CHANGED_FILES);
        body.put("data", Lazy.map(page.tasks(), view -> slim ? TaskJson.summary(view) : listRow(view, call.board(), changedFiles)));
        body.put("next_cursor", page.nextCursor());
        call.ok(body);
    }

    /**
     * A full task row of a list answer: without {@code changed_files} (diffs of up to 2 MiB per task) unless the
     * caller asks with {@code include=changed_files}. Single-task answers always carry it.
     */
    private static Map<String, Object> listRow(TaskView view, Board board, boolean changedFiles) {
        Map<String, Object> row = TaskJson.full(view, board);
        if (!changedFiles) {
            row.remove(CHANGED_FILES);
        }
        return row;
    }

    private void show(Call call) {
        java.util.Optional<ShowFields> fields = ShowFieldsParam.read(call);
        TaskView view = useCases.reads().get(call.actor(), call.ref());
        if (fields.isPresent()) {
            call.ok(Envelope.data(ShowFieldsParam.project(TaskJson.full(view, call.board()), fields.get())).build());
            return;
        }
        call.ok(Envelope.data(render(view, call)).skills().build());
    }

    private void tree(Call call) {
        TaskTree tree = useCases.reads().tree(call.actor(), call.ref());
        boolean slim = call.slim();
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("task", TaskJson.full(tree.root(), call.board()));
        boolean changedFiles = call.includes(CHANGED_FILES);
        data.put("children", Lazy.map(tree.children(),
                child -> slim ? TaskJson.summary(child) : listRow(child, call.board(), changedFiles)));
        data.put("counts", Map.of("total", tree.total(), "completed", tree.completed(), "blocked", tree.blocked()));
        call.ok(Envelope.data(data).build());
    }

    private void dependencies(Call call) {
        DependencyChain chain = useCases.reads().dependencies(call.actor(), call.ref());
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("task", TaskJson.summary(chain.task()));
        body.put("dependencies", chain.dependencies().stream().map(TaskRoutes::dependency).toList());
        call.ok(body);
    }

    private static Map<String, Object> dependency(Dependency dependency) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("task", TaskJson.summary(dependency.task()));
        json.put("depth", dependency.depth());
        json.put("parent", dependency.parent());
        return json;
    }

    private void dependents(Call call) {
        Dependents dependents = useCases.reads().dependents(call.actor(), call.ref());
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("task", TaskJson.summary(dependents.task()));
        body.put("dependents", dependents.dependents().stream().map(TaskJson::summary).toList());
        call.ok(body);
    }

    private void history(Call call) {
        List<HistoryEntry> entries = useCases.reads().history(call.actor(), call.ref());
        call.ok(Envelope.data(entries.stream().map(TaskRoutes::historyEntry).toList()).build());
    }

    private static Map<String, Object> historyEntry(HistoryEntry entry) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("task_id", entry.taskId());
        json.put("kind", entry.kind().eventName());
        json.put("at", TaskJson.utc(entry.at()));
        json.put("actor_user_id", entry.actorUserId());
        json.put("agent_name", entry.agentName());
        json.put("facts", HistoryFactsJson.document(entry.facts()));
        return json;
    }

    private void update(Call call) {
        Map<String, Object> task = RootKeys.updateTask(call.object());
        UpdateTask edit;
        try {
            edit = updates.read(task);
        } catch (TaskUpdateRejectedException | TaskFieldsRejectedException rejected) {
            throw asTheEditWouldBeRefused(call, task, rejected);
        }
        TaskView view = useCases.update().update(call.actor(), call.ref(), edit);
        call.ok(Envelope.data(TaskJson.full(view, call.board())).skills().build());
    }

    /**
     * A body that cannot be read is refused as the edit itself would refuse it: first 403 without write access, then
     * 404 for an unknown task, and a type that would turn a goal into a task (or back) joins the field errors
     * (docs/api.md "Creating and editing tasks").
     */
    private TasklaneException asTheEditWouldBeRefused(Call call, Map<String, Object> task, TasklaneException rejected) {
        BoardAccess.requireWrite(call.actor());
        TaskView current = useCases.reads().get(call.actor(), call.ref());
        if (rejected instanceof TaskFieldsRejectedException fields) {
            UpdateTaskParser.sentType(task)
                    .filter(type -> TaskFieldRules.changesGoalKind(current.task().type(), type))
                    .ifPresent(type -> fields.errors().add(TaskField.TYPE.wire(), TaskFieldRules.GOAL_TYPE_CHANGE));
        }
        return rejected;
    }

    private void assign(Call call) {
        Map<String, Object> body = call.object();
        if (!body.containsKey("assigned_to_id")) {
            throw ApiProblem.invalid("assigned_to_id", "is required (a user id, or null to unassign)");
        }
        UserId assignee = UserId.ofNullable(Params.optionalLong(body, "assigned_to_id")).orElse(null);
        TaskView view = useCases.assignment().assign(call.actor(), call.ref(), assignee);
        call.ok(Envelope.data(TaskJson.full(view, call.board())).skills().build());
    }

    private void afterGoalStatus(Call call) {
        AfterGoalStatus status = useCases.afterGoal().status(call.actor(), call.ref());
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("after_goal_armed", status.armed());
        body.put("goal_id", status.armed() ? status.goal().task().id() : null);
        body.put("goal_identifier", status.armed() ? status.goal().task().identifier().toString() : null);
        body.put("env", status.armed() ? status.env() : Map.of());
        call.ok(body);
    }

    private void afterGoal(Call call) {
        TaskView view = useCases.afterGoal().report(call.actor(), call.ref(), AfterGoalReportJson.read(call.object()));
        call.ok(Envelope.data(TaskJson.full(view, call.board())).skills().build());
    }

    private static Object render(TaskView view, Call call) {
        return call.slim() ? TaskJson.summary(view) : TaskJson.full(view, call.board());
    }
}
