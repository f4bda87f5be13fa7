package dev.tasklane.simulator;

import dev.tasklane.application.port.in.CreateBatch;
import dev.tasklane.application.port.in.Created;
import dev.tasklane.application.port.in.BoardSettingsUseCase;
import dev.tasklane.application.port.in.Patch;
import dev.tasklane.application.port.in.TaskRef;
import dev.tasklane.application.port.in.TaskView;
import dev.tasklane.application.port.out.AgentSessionStore;
import dev.tasklane.application.port.out.DirectoryStore;
import dev.tasklane.application.port.out.TaskStore;
import dev.tasklane.application.port.out.Transactions;
import dev.tasklane.application.service.Tasklane;
import dev.tasklane.domain.agent.Actor;
import dev.tasklane.domain.flow.FlowAgent;
import dev.tasklane.domain.flow.FlowReport;
import dev.tasklane.domain.id.TaskId;
import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.session.SessionLimits;
import dev.tasklane.domain.task.KeyFile;
import dev.tasklane.domain.task.Task;
import dev.tasklane.domain.task.TaskSpec;
import dev.tasklane.domain.validation.CompletionMode;
import dev.tasklane.domain.validation.Limit;
import dev.tasklane.domain.wip.WipLimits;
import dev.tasklane.domain.workflow.WorkflowLimits;

import java.lang.management.ManagementFactory;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One run: the application built over the given stores with a simulated clock, a team enlisted, the plan
 * created through the batch use case and assigned, then the agents and reviewers taking their turns in the
 * {@link StepScheduler}'s fixed order until the work runs dry, and finally the invariants checked against the
 * simulator's event log, on {@link SimulationConfig#threads()} worker threads. The same seed gives the same run,
 * whatever the number of threads.
 */
final class Simulation {
    static final Instant START = Instant.parse("2026-01-05T09:00:00Z");

    // let go after the fast engine's set-up (see run): the run and the checks never call the store, and a million
    // tasks' rows held through them would be marked and copied by every collection (docs/simulator.md, "Memory")
    private TaskStore tasks;
    private DirectoryStore directory;
    private Transactions transactions;
    private AgentSessionStore agentSessions;

    /** Over stores without agent sessions: a team that asks questions needs {@link #Simulation(TaskStore, DirectoryStore, Transactions, AgentSessionStore)}. */
    Simulation(TaskStore tasks, DirectoryStore directory, Transactions transactions) {
        this(tasks, directory, transactions, null);
    }

    /** @param agentSessions the store of agent sessions and their activities; null for none (claims open no session) */
    Simulation(TaskStore tasks, DirectoryStore directory, Transactions transactions, AgentSessionStore agentSessions) {
        this.tasks = tasks;
        this.directory = directory;
        this.transactions = transactions;
        this.agentSessions = agentSessions;
    }

    /** @throws SimulationFailedException when a participant hit an error the simulation does not expect */
    SimulationResult run(SimulationConfig config, Plan plan, ProgressBar progress) throws InterruptedException {
        return run(config, plan, progress, System.nanoTime(), processCpuNanos());
    }

    /**
     * The same, with the set-up timed from {@code began} and {@code cpuBegan} ({@link System#nanoTime()} and
     * {@link #processCpuNanos()} read before the plan was generated or read), so that the set-up phase covers the
     * plan's making too.
     */
    SimulationResult run(SimulationConfig config, Plan plan, ProgressBar progress, long began, long cpuBegan)
            throws InterruptedException {
        if (tasks == null) {
            throw new IllegalStateException("a simulation runs once: its stores were let go after its set-up");
        }
        SimulatedClock clock = new SimulatedClock(START);
        WorkflowLimits limits = WorkflowLimits.defaults();
        Map<String, TaskFacts> facts = new HashMap<>();
        SetUp set = setUp(config, plan, clock, limits, facts);
        // the plan's request bodies are not needed past this point: let them go before the run, whose garbage
        // collections would otherwise copy them over and over (docs/simulator.md, "Memory")
        plan = null;
        if (config.engine() == SimulationConfig.Engine.FAST) {
            tasks = null;
            directory = null;
            transactions = null;
            agentSessions = null;
        }
        Board board = set.board();
        Team team = set.team();
        PlanOnBoard onBoard = set.onBoard();
        int goals = set.goals();
        Duration setup = Duration.ofNanos(System.nanoTime() - began);
        Duration setupCpu = Duration.ofNanos(processCpuNanos() - cpuBegan);

        EventLog log = EventLog.forTasks(onBoard.size());
        Metrics metrics = new Metrics();
        Sweeper sweeper = new Sweeper(board, clock, log, metrics, progress, facts.size());
        StepScheduler scheduler = new StepScheduler(clock, sweeper);
        sweeper.stops(scheduler);
        Draws draws = new Draws(config.seed());
        Stage stage = new Stage(board, onBoard, clock, scheduler, log, metrics, config, limits, new ReviewDesk(onBoard.size()),
                draws, new int[onBoard.size()], new Questions());
        List<Agent> agents = new ArrayList<>();
        for (int i = 0; i < team.agents().size(); i++) {
            agents.add(new Agent(stage, i));
        }
        for (int i = 0; i < team.reviewers().size(); i++) {
            new Reviewer(stage, i); // takes its seat at the scheduler's table and the desk
        }
        new People(stage); // last at the table: answers are given after the step's reviews
        long started = System.nanoTime();
        long cpuStarted = processCpuNanos();
        long turnsCpuStarted = threadCpuNanos();
        runAll(scheduler);
        Duration runCpu = Duration.ofNanos(processCpuNanos() - cpuStarted);
        Duration turnsCpu = Duration.ofNanos(threadCpuNanos() - turnsCpuStarted);
        Duration run = Duration.ofNanos(System.nanoTime() - started);
        progress.finish(metrics.tasksDone.sum(), facts.size());

        // the checks read the simulator's own log once the agents have stopped: timed apart from the run
        long checkStarted = System.nanoTime();
        Latencies claimLatency = new Latencies();
        agents.forEach(agent -> claimLatency.addAll(agent.claimLatencies()));
        List<LogEvent> events = log.events();
        ExecutorService workers = Executors.newFixedThreadPool(config.threads(), daemon());
        Latencies.Percentiles blockedWait;
        Latencies.Percentiles awaitingInput;
        List<InvariantResult> invariants;
        long digest;
        FlowReport flow;
        try {
            CompletableFuture<Latencies.Percentiles> waits = CompletableFuture.supplyAsync(
                    () -> WaitTimes.afterUnblocking(events, facts).percentiles(), workers);
            CompletableFuture<Long> digested = CompletableFuture.supplyAsync(() -> EventLog.digest(events), workers);
            Instant end = clock.instant();
            CompletableFuture<FlowReport> flowed = CompletableFuture.supplyAsync(() -> FlowOfTheRun.of(events, facts,
                    flowAgents(team), START, end, limits.claimTtl()), workers);
            CompletableFuture<Latencies.Percentiles> awaited = CompletableFuture.supplyAsync(
                    () -> WaitTimes.awaitingInput(events).percentiles(), workers);
            invariants = new InvariantChecker(facts, limits.claimTtl()).check(events, workers);
            awaitingInput = awaited.join();
            blockedWait = waits.join();
            digest = digested.join();
            flow = flowed.join();
        } finally {
            workers.shutdownNow();
        }
        int goalsCompleted = board.completedGoals();
        Duration check = Duration.ofNanos(System.nanoTime() - checkStarted);
        return new SimulationResult(config, goals, facts.size(), new SimulationResult.Phases(setup, setupCpu, run, runCpu, turnsCpu, check),
                Duration.between(START, clock.instant()), scheduler.steps(), sweeper.stalled(), metrics, claimLatency.percentiles(),
                blockedWait, awaitingInput, goalsCompleted, invariants, digest, flow, events);
    }

    /** What the set-up leaves for the run: the board to play on, the team, the plan as created. */
    private record SetUp(Board board, Team team, PlanOnBoard onBoard, int goals) {
    }

    /**
     * The application over the stores, the team enlisted, the plan created and assigned, and the board of the
     * engine: the fast engine's holds no reference to the application or its stores.
     */
    private SetUp setUp(SimulationConfig config, Plan plan, SimulatedClock clock, WorkflowLimits limits,
                        Map<String, TaskFacts> facts) {
        if (config.team().questionRate() > 0 && config.engine() == SimulationConfig.Engine.USE_CASES && agentSessions == null) {
            throw new IllegalArgumentException("a team that asks questions needs a store of agent sessions");
        }
        Tasklane.Builder building = Tasklane.builder().stores(tasks, directory, transactions).clock(clock).limits(limits)
                .completionMode(CompletionMode.STRICT);
        if (agentSessions != null) {
            building.agentSessions(agentSessions);
        }
        Tasklane app = building.build();
        Team team = Team.enlist(app.identity(), directory, transactions, clock, config.agents(), config.reviewers());
        Actor admin = team.admin();
        WipLimits wip = config.team().wipLimit() == null ? WipLimits.NONE : new WipLimits(config.team().wipLimit());
        if (wip.limited()) {
            app.boardSettings().configure(admin, admin.board().id(),
                    new BoardSettingsUseCase.BoardChange(Patch.unchanged(), Patch.to(wip)));
        }
        PlanOnBoard onBoard = create(app, admin, plan, facts);
        assign(app, team, plan, onBoard.goalIds());
        Board board = config.engine() == SimulationConfig.Engine.FAST
                ? fastBoard(onBoard, team, admin, wip, limits, clock) : new UseCaseBoard(app, team, onBoard);
        return new SetUp(board, team, onBoard, plan.goals().size());
    }

    /**
     * The plan's goals cut into batches that the request caps accept, as an agent posting it would have to:
     * at most {@link Limit#BATCH_GOALS} goals and {@link Limit#REQUEST_TASKS} goals and tasks per batch.
     */
    static List<List<Object>> batches(Plan plan) {
        List<List<Object>> batches = new ArrayList<>();
        List<Object> batch = new ArrayList<>();
        int entries = 0;
        for (Map<String, Object> goal : plan.goals()) {
            int size = 1 + (goal.get(Plan.TASKS) instanceof List<?> tasks ? tasks.size() : 0);
            if (!batch.isEmpty() && (batch.size() == Limit.BATCH_GOALS.max() || entries + size > Limit.REQUEST_TASKS.max())) {
                batches.add(batch);
                batch = new ArrayList<>();
                entries = 0;
            }
            batch.add(goal);
            entries += size;
        }
        if (!batch.isEmpty()) {
            batches.add(batch);
        }
        return batches;
    }

    /** Creates the plan through the batch use case; {@code facts} gets every task's facts for the checks. */
    private static PlanOnBoard create(Tasklane app, Actor admin, Plan plan, Map<String, TaskFacts> facts) {
        int tasks = plan.taskCount();
        String[] identifiers = new String[tasks];
        long[] ids = new long[tasks];
        int[] goalOf = new int[tasks];
        long[] goalIds = new long[plan.goals().size()];
        Map<String, Integer> index = new HashMap<>(tasks * 2);
        int task = 0;
        int goal = 0;
        for (List<Object> batch : batches(plan)) {
            CreateBatch command = new CreateBatch(batch.stream().map(g -> PlanTasks.goal(asGoal(g))).toList(), "planner");
            for (Created created : app.batch().createBatch(admin, command)) {
                goalIds[goal] = created.root().task().id().value();
                for (TaskView child : created.children()) {
                    TaskSpec spec = child.task().spec();
                    String identifier = child.task().identifier().toString();
                    facts.put(identifier, new TaskFacts(identifier, child.task().type(),
                            spec.dependencies().stream().map(Object::toString).toList(),
                            spec.keyFiles().stream().map(KeyFile::filePath).toList()));
                    identifiers[task] = identifier;
                    ids[task] = child.task().id().value();
                    goalOf[task] = goal;
                    index.put(identifier, task);
                    task++;
                }
                goal++;
            }
        }
        return new PlanOnBoard(identifiers, ids, goalIds, goalOf, index);
    }

    /**
     * The compact board of the plan as the store holds it after the goal assignments; the store is not called again
     * in the run.
     */
    private FastBoard fastBoard(PlanOnBoard plan, Team team, Actor admin, WipLimits wip, WorkflowLimits limits, Clock clock) {
        Task[] stored = new Task[plan.size()];
        for (int task = 0; task < stored.length; task++) {
            long id = plan.ids()[task];
            stored[task] = tasks.findById(admin.boardId(), TaskId.of(id))
                    .orElseThrow(() -> new IllegalStateException("task id " + id + " of the plan is not in the store"));
        }
        Map<UserId, Integer> agentOf = new HashMap<>();
        for (int agent = 0; agent < team.agents().size(); agent++) {
            agentOf.put(team.agents().get(agent).userId(), agent);
        }
        return FastBoard.of(plan, stored, agentOf, team.agents().size(), wip, limits.claimTtl(), Tasklane.DEFAULT_NEXT_OFFER,
                SessionLimits.defaults().awaitingInputMax(), clock);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> asGoal(Object goal) {
        return (Map<String, Object>) goal;
    }

    private static void assign(Tasklane app, Team team, Plan plan, long[] goalIds) {
        plan.assignments().forEach((goal, agent) -> {
            if (goal < 0 || goal >= goalIds.length || agent < 0 || agent >= team.agents().size()) {
                throw new IllegalArgumentException("the plan assigns goal " + goal + " to agent " + agent
                        + ", but it has " + goalIds.length + " goals and the simulation " + team.agents().size() + " agents");
            }
            app.assignment().assign(team.admin(), new TaskRef.ById(TaskId.of(goalIds[goal])), team.agents().get(agent).userId());
        });
    }

    /** Each agent as the flow figures name it: its token's user and its agent name, by its number. */
    private static List<FlowAgent> flowAgents(Team team) {
        List<FlowAgent> agents = new ArrayList<>(team.agents().size());
        for (int i = 0; i < team.agents().size(); i++) {
            agents.add(new FlowAgent(team.agents().get(i).userId(), Team.agentName(i)));
        }
        return agents;
    }

    private static ThreadFactory daemon() {
        AtomicInteger made = new AtomicInteger();
        return work -> {
            Thread thread = new Thread(work, "simulation-check-" + made.getAndIncrement());
            thread.setDaemon(true);
            return thread;
        };
    }

    private static void runAll(StepScheduler scheduler) {
        List<StepScheduler.Failure> failures = scheduler.run();
        if (!failures.isEmpty()) {
            throw new SimulationFailedException(failures.get(0).cause());
        }
    }

    /** Processor time of the calling thread so far; 0 where the JVM does not tell. */
    static long threadCpuNanos() {
        java.lang.management.ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        return threads.isCurrentThreadCpuTimeSupported() ? Math.max(0, threads.getCurrentThreadCpuTime()) : 0;
    }

    /** Processor time of the whole process so far; 0 where the JVM does not tell. */
    static long processCpuNanos() {
        return ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os
                ? Math.max(0, os.getProcessCpuTime()) : 0;
    }
}
