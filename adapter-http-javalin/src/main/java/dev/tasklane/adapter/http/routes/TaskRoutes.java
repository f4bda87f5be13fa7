package dev.tasklane.adapter.http.routes;

import dev.tasklane.adapter.http.pipeline.Call;
import dev.tasklane.domain.identity.Scope;
import dev.tasklane.adapter.http.pipeline.Json;
import dev.tasklane.adapter.http.pipeline.Route;
import dev.tasklane.adapter.http.wire.TaskAnswer.FullTask;
import dev.tasklane.adapter.http.wire.AfterGoalStatusView;
import dev.tasklane.adapter.http.wire.AssignBody;
import dev.tasklane.adapter.http.wire.BatchCreated;
import dev.tasklane.adapter.http.wire.DependencyChainView;
import dev.tasklane.adapter.http.wire.DependentsView;
import dev.tasklane.adapter.http.wire.TaskAnswer.Envelope;
import dev.tasklane.adapter.http.wire.GoalCreated;
import dev.tasklane.adapter.http.wire.HistoryEntryView;
import dev.tasklane.adapter.http.wire.TaskListView;
import dev.tasklane.adapter.http.wire.TaskRender;
import dev.tasklane.adapter.http.wire.TaskSummary;
import dev.tasklane.adapter.http.wire.TaskTreeView;
import dev.tasklane.adapter.http.wire.completion.HookResultBody;
import dev.tasklane.adapter.http.wire.BatchRequest;
import dev.tasklane.adapter.http.wire.TaskRequest;
import dev.tasklane.edge.SentTask;
import dev.tasklane.edge.UpdateTaskParser;
import dev.tasklane.edge.CreateTaskParser;
import dev.tasklane.application.port.in.CreateBatch;
import dev.tasklane.application.port.in.CreateTask;
import dev.tasklane.application.port.in.Created;
import dev.tasklane.application.port.in.ReadTasksUseCase.TaskListPage;
import dev.tasklane.application.port.in.ReadTasksUseCase.TaskTree;
import dev.tasklane.application.port.in.TaskView;
import dev.tasklane.application.port.in.UpdateTask;
import dev.tasklane.application.port.in.AfterGoalUseCase;
import dev.tasklane.application.port.in.AssignTaskUseCase;
import dev.tasklane.application.port.in.BatchCreateUseCase;
import dev.tasklane.application.port.in.CreateTaskUseCase;
import dev.tasklane.application.port.in.ReadTasksUseCase;
import dev.tasklane.application.port.in.UpdateTaskUseCase;
import dev.tasklane.domain.error.TasklaneException;
import dev.tasklane.domain.history.HistoryEntry;
import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.identity.Board;
import dev.tasklane.adapter.http.wire.ShowFields;
import dev.tasklane.edge.TaskField;
import dev.tasklane.domain.validation.TaskFieldRules;
import dev.tasklane.domain.validation.TaskFieldsRejectedException;
import dev.tasklane.domain.validation.TaskUpdateRejectedException;
import io.javalin.http.HandlerType;

import java.util.List;
import java.util.Optional;

/** Creating, reading, editing and assigning tasks; the goal's after_goal report and status. */
public final class TaskRoutes {
    /** The optional part of list answers, and the {@code include} value that asks for it. */
    static final String CHANGED_FILES = "changed_files";
    private final CreateTaskUseCase create;
    private final BatchCreateUseCase batch;
    private final UpdateTaskUseCase update;
    private final ReadTasksUseCase reads;
    private final AssignTaskUseCase assignment;
    private final AfterGoalUseCase afterGoal;
    private final CreateTaskParser creates;
    private final UpdateBodyReader updates;
    private final RootKeys rootKeys;

    public TaskRoutes(CreateTaskUseCase create, BatchCreateUseCase batch, UpdateTaskUseCase update, ReadTasksUseCase reads,
               AssignTaskUseCase assignment, AfterGoalUseCase afterGoal, Json json) {
        this.create = create;
        this.batch = batch;
        this.update = update;
        this.reads = reads;
        this.assignment = assignment;
        this.afterGoal = afterGoal;
        this.creates = new CreateTaskParser(json::write);
        this.updates = new UpdateBodyReader(json::write);
        this.rootKeys = new RootKeys(json);
    }

    public List<Route> routes() {
        return List.of(
                Route.needs(Scope.WORK, HandlerType.POST, "/api/tasks/batch", "Create several goals with nested tasks, all or none", this::batch)
                        .refusingBeforeFields(),
                Route.needs(Scope.WORK, HandlerType.POST, "/api/tasks", "Create a task, or a goal with nested tasks", this::create)
                        .refusingBeforeFields(),
                Route.needs(Scope.READ, HandlerType.GET, "/api/tasks", "List the board's tasks (filters, sort, cursor pages)", this::list),
                Route.needs(Scope.READ, HandlerType.GET, "/api/tasks/{id}", "One task by id or identifier", this::show),
                Route.needs(Scope.READ, HandlerType.GET, "/api/tasks/{id}/tree", "A goal with its children and counts", this::tree),
                Route.needs(Scope.READ, HandlerType.GET, "/api/tasks/{id}/dependencies", "The tasks a task depends on, recursively", this::dependencies),
                Route.needs(Scope.READ, HandlerType.GET, "/api/tasks/{id}/dependents", "The tasks that depend on a task", this::dependents),
                Route.needs(Scope.READ, HandlerType.GET, "/api/tasks/{id}/history", "A task's history (claims, completions, assignments...)", this::history),
                Route.needs(Scope.WORK, HandlerType.PATCH, "/api/tasks/{id}", "Edit a task's descriptive fields", this::update)
                        .refusingBeforeFields(),
                Route.needs(Scope.WORK, HandlerType.PUT, "/api/tasks/{id}", "Edit a task's descriptive fields (alias of PATCH)", this::update)
                        .refusingBeforeFields(),
                Route.needs(Scope.WORK, HandlerType.PATCH, "/api/tasks/{id}/assign", "Assign a task or a goal (cascading) to a user or nobody", this::assign),
                Route.needs(Scope.READ, HandlerType.GET, "/api/tasks/{id}/after_goal_status", "Whether a goal's after_goal hook is armed", this::afterGoalStatus),
                Route.needs(Scope.WORK, HandlerType.PATCH, "/api/tasks/{id}/after_goal", "Report the goal's after_goal hook result", this::afterGoal));
    }

    private void create(Call call) {
        SentTask task = rootKeys.createTask(call.bind(TaskRequest.class));
        call.fieldsFollow();
        CreateTask command = creates.create(task, call.softParam("agent_name"));
        Created created = create.create(call.actor(), command);
        call.header("location", "/api/tasks/" + created.root().task().id());
        if (created.goalWithChildren()) {
            call.respond(201, GoalCreated.of(created, call.board()));
        } else {
            call.respond(201, Envelope.data(FullTask.of(created.root(), call.board())).skills());
        }
    }

    private void batch(Call call) {
        List<Optional<SentTask>> goals = rootKeys.goals(call.bind(BatchRequest.class));
        call.fieldsFollow();
        CreateBatch command = creates.batch(goals, call.softParam("agent_name"));
        List<Created> created = batch.createBatch(call.actor(), command);
        call.respond(201, BatchCreated.of(created.stream().map(entry -> GoalCreated.of(entry, call.board())).toList()));
    }

    private void list(Call call) {
        TaskListPage page = reads.list(call.actor(), TaskListParams.from(call, reads));
        call.ok(new TaskListView(rows(page.tasks(), call), page.nextCursor()));
    }

    /**
     * The rows of a list answer, rendered while they are written: summaries when slim, else full records without
     * {@code changed_files} (diffs of up to 2 MiB per task) unless the caller asks with
     * {@code include=changed_files}. Single-task answers always carry it.
     */
    private static Iterable<TaskRender> rows(List<TaskView> views, Call call) {
        boolean slim = call.slim();
        boolean changedFiles = call.includes(CHANGED_FILES);
        Board board = call.board();
        return Lazy.map(views, view -> slim ? TaskSummary.of(view) : FullTask.row(view, board, changedFiles));
    }

    private void show(Call call) {
        java.util.Optional<ShowFields> fields = ShowFieldsParam.read(call);
        TaskView view = reads.get(call.actor(), call.ref());
        if (fields.isPresent()) {
            call.ok(Envelope.data(ShowFieldsParam.project(call.json(), FullTask.of(view, call.board()), fields.get())));
            return;
        }
        TaskRender data = call.slim() ? TaskSummary.of(view) : FullTask.of(view, call.board());
        call.ok(Envelope.data(data).skills());
    }

    private void tree(Call call) {
        TaskTree tree = reads.tree(call.actor(), call.ref());
        call.ok(Envelope.data(new TaskTreeView(FullTask.of(tree.root(), call.board()), rows(tree.children(), call),
                new TaskTreeView.Counts(tree.total(), tree.completed(), tree.blocked()))));
    }

    private void dependencies(Call call) {
        call.ok(DependencyChainView.of(reads.dependencies(call.actor(), call.ref())));
    }

    private void dependents(Call call) {
        call.ok(DependentsView.of(reads.dependents(call.actor(), call.ref())));
    }

    private void history(Call call) {
        List<HistoryEntry> entries = reads.history(call.actor(), call.ref());
        call.ok(Envelope.data(entries.stream().map(HistoryEntryView::of).toList()));
    }

    private void update(Call call) {
        SentTask task = rootKeys.updateTask(call.bind(TaskRequest.class));
        UpdateTask edit;
        try {
            edit = updates.read(task);
        } catch (TaskUpdateRejectedException | TaskFieldsRejectedException rejected) {
            throw asTheEditWouldBeRefused(call, task, rejected);
        }
        TaskView view = update.update(call.actor(), call.ref(), edit);
        call.ok(Envelope.data(FullTask.of(view, call.board())).skills());
    }

    /**
     * A body that cannot be read is refused as the edit itself would refuse it: first 403 without write access, then
     * 404 for an unknown task, and a type that would turn a goal into a task (or back) joins the field errors
     * (docs/api.md "Creating and editing tasks").
     */
    private TasklaneException asTheEditWouldBeRefused(Call call, SentTask task, TasklaneException rejected) {
        call.fieldsFollow();
        TaskView current = reads.get(call.actor(), call.ref());
        if (rejected instanceof TaskFieldsRejectedException fields) {
            UpdateTaskParser.sentType(task)
                    .filter(type -> TaskFieldRules.changesGoalKind(current.task().type(), type))
                    .ifPresent(type -> fields.errors().add(TaskField.TYPE.key(), TaskFieldRules.GOAL_TYPE_CHANGE));
        }
        return rejected;
    }

    private void assign(Call call) {
        AssignBody body = call.bind(AssignBody.CHECKS, AssignBody.class);
        UserId assignee = UserId.ofNullable(body.assignedToId()).orElse(null);
        TaskView view = assignment.assign(call.actor(), call.ref(), assignee);
        call.ok(Envelope.data(FullTask.of(view, call.board())).skills());
    }

    private void afterGoalStatus(Call call) {
        call.ok(AfterGoalStatusView.of(afterGoal.status(call.actor(), call.ref())));
    }

    private void afterGoal(Call call) {
        TaskView view = afterGoal.report(call.actor(), call.ref(), call.bind(HookResultBody.class).afterGoalReport());
        call.ok(Envelope.data(FullTask.of(view, call.board())).skills());
    }
}
