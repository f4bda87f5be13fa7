package dev.tasklane.application.service;

import dev.tasklane.application.port.out.TaskReads;
import dev.tasklane.application.port.out.UserStore;
import dev.tasklane.domain.workflow.TaskWorkflow;
import dev.tasklane.application.port.in.FlowMetricsUseCase;
import dev.tasklane.application.port.in.MetricsRequest;
import dev.tasklane.application.port.in.TaskQuery;
import dev.tasklane.application.port.in.TaskRef;
import dev.tasklane.application.port.in.TaskView;
import dev.tasklane.application.port.out.FlowStore;
import dev.tasklane.application.port.out.TaskPage;
import dev.tasklane.domain.agent.Actor;
import dev.tasklane.domain.error.ErrorDetails;
import dev.tasklane.domain.error.InvalidInputException;
import dev.tasklane.domain.flow.AgentActivity;
import dev.tasklane.domain.flow.AwaitingInput;
import dev.tasklane.domain.flow.FlowAgent;
import dev.tasklane.domain.flow.FlowInput;
import dev.tasklane.domain.flow.FlowMetrics;
import dev.tasklane.domain.flow.FlowReport;
import dev.tasklane.domain.flow.FlowSettings;
import dev.tasklane.domain.flow.FlowWindow;
import dev.tasklane.domain.flow.HeldTask;
import dev.tasklane.domain.history.HistoryKind;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.task.Status;
import dev.tasklane.domain.task.Task;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** The flow figures from the store's rollup, and the release of a stuck agent's task. */
final class FlowService implements FlowMetricsUseCase {
    /** The most tasks in Doing and in Review read for the agents' current work (10 pages of each). */
    static final int MAX_HELD_PAGES = 10;
    /** Ended sessions one metrics call reads per window for the awaiting-input figure; past it the oldest count. */
    static final int MAX_AWAITED_SESSIONS = 100_000;

    private final UseCaseRunner runner;
    private final TaskReads tasks;
    private final FlowStore flows;
    private final UserStore directory;
    private final TaskLookup lookup;
    private final GoalSync goals;
    private final TaskWorkflow workflow;
    private final FlowSettings settings;
    private final AgentSessions sessions;

    FlowService(UseCaseRunner runner, TaskReads tasks, FlowStore flows, UserStore directory, TaskLookup lookup,
                GoalSync goals,
                TaskWorkflow workflow, FlowSettings settings, AgentSessions sessions) {
        this.runner = runner;
        this.tasks = tasks;
        this.flows = flows;
        this.directory = directory;
        this.lookup = lookup;
        this.goals = goals;
        this.workflow = workflow;
        this.settings = settings;
        this.sessions = sessions;
    }

    @Override
    public FlowSettings settings() {
        return settings;
    }

    @Override
    public Metrics metrics(Actor actor, MetricsRequest request) {
        FlowWindow window = FlowWindow.parse(request.window(), request.from(), request.to(), request.tz(),
                runner.now());
        if (request.agent() != null && request.agent().length() > FlowAgent.MAX_NAME) {
            throw new InvalidInputException("invalid_param", "agent is longer than " + FlowAgent.MAX_NAME + " characters",
                    new ErrorDetails.Field("agent"));
        }
        record Computed(FlowReport report, AwaitingInput awaiting) {
        }
        Computed computed = runner.read(changes -> {
            BoardId board = actor.boardId();
            return new Computed(report(board, window, changes.now(), request.agent()), AwaitingInput.of(
                    awaited(board, window.start(), window.end(), request.agent()),
                    awaited(board, window.previous().start(), window.start(), request.agent())));
        });
        FlowReport report = computed.report();
        Map<UserId, String> usernames = new HashMap<>();
        for (FlowReport.AgentFigures agent : report.agents()) {
            usernames.computeIfAbsent(agent.agent().user(),
                    user -> directory.userById(user).map(u -> u.username()).orElse(user.toString()));
        }
        for (AwaitingInput.AgentAwaited agent : computed.awaiting().agents()) {
            usernames.computeIfAbsent(agent.agent().user(),
                    user -> directory.userById(user).map(u -> u.username()).orElse(user.toString()));
        }
        return new Metrics(report, usernames, computed.awaiting());
    }

    /** The awaited time of the board's sessions that ended in {@code [from, to)}, of the agent named if one is. */
    private List<AwaitingInput.Awaited> awaited(BoardId board, Instant from, Instant to, String agentName) {
        List<AwaitingInput.Awaited> awaited = new ArrayList<>();
        for (var session : sessions.store().endedOn(board, from, to, MAX_AWAITED_SESSIONS)) {
            String name = session.agentName() == null ? "" : session.agentName();
            if (agentName == null || agentName.equals(name)) {
                awaited.add(new AwaitingInput.Awaited(session.taskId(),
                        new FlowAgent(session.holderUserId(), name), session.awaitedMillis()));
            }
        }
        return awaited;
    }

    /**
     * The flow report of {@code window} on the board, inside the caller's unit of work: the one computation behind
     * the metrics pages, the API's metrics and the forecasts' history.
     */
    FlowReport report(BoardId board, FlowWindow window, Instant now, String agent) {
        FlowInput input = new FlowInput(window, now, settings, flows.finished(board, window.previous().start(),
                window.end()), flows.openCounts(board), flows.moves(board, window.start()), flows.agents(board),
                held(board), agent);
        return FlowMetrics.compute(input);
    }

    /** The tasks agents hold now: Doing under a claim (with its lease), Review after their completion. */
    private List<HeldTask> held(BoardId board) {
        List<HeldTask> held = new ArrayList<>();
        for (Status status : List.of(Status.IN_PROGRESS, Status.REVIEW)) {
            TaskQuery query = new TaskQuery(board, status, null, null, null, false, null, null, null,
                    TaskQuery.Sort.POSITION, false, TaskQuery.MAX_LIMIT, null);
            for (int page = 0; page < MAX_HELD_PAGES && query != null; page++) {
                TaskPage tasks = this.tasks.list(query);
                for (Task task : tasks.tasks()) {
                    if (task.isGoal()) {
                        continue;
                    }
                    if (status == Status.IN_PROGRESS && task.claim() != null && task.assignedToId() != null) {
                        held.add(new HeldTask(task.identifier().toString(), Status.IN_PROGRESS,
                                new FlowAgent(task.assignedToId(), task.claim().agentName()), task.claim().expiresAt()));
                    } else if (status == Status.REVIEW && task.completion() != null
                            && task.completion().completedById() != null) {
                        held.add(new HeldTask(task.identifier().toString(), Status.REVIEW,
                                new FlowAgent(task.completion().completedById(), task.completion().completedByAgent()), null));
                    }
                }
                query = tasks.nextCursor() == null ? null : query.after(tasks.nextCursor());
            }
        }
        return held;
    }

    @Override
    public TaskView releaseStuck(Actor actor, TaskRef ref) {
        return runner.write(actor, changes -> {
            Task task = lookup.requireLocked(actor.boardId(), ref);
            Task unclaimed = workflow.releaseStuck(task, actor, stuck(task, changes.now()), changes.now());
            sessions.ended(task, dev.tasklane.domain.session.SessionEnd.RELEASED, changes.now());
            Task released = changes.update(unclaimed, HistoryKind.UNCLAIMED, actor, null);
            goals.childChanged(released, false, changes);
            return lookup.view(released);
        });
    }

    /** Whether the agent holding {@code task} has done nothing (claim included) for longer than the stuck time. */
    private boolean stuck(Task task, Instant now) {
        if (task.claim() == null || task.assignedToId() == null) {
            return false;
        }
        FlowAgent holder = new FlowAgent(task.assignedToId(), task.claim().agentName());
        Instant last = task.claim().claimedAt();
        for (AgentActivity activity : flows.agents(task.boardId())) {
            if (activity.agent().equals(holder) && activity.lastActivityAt().isAfter(last)) {
                last = activity.lastActivityAt();
            }
        }
        return Duration.between(last, now).compareTo(settings.stuckAfter()) > 0;
    }
}
