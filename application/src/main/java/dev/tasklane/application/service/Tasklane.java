package dev.tasklane.application.service;

import dev.tasklane.application.port.in.PartKeys;
import dev.tasklane.application.port.in.AfterGoalUseCase;
import dev.tasklane.application.port.in.ArchiveUseCase;
import dev.tasklane.application.port.in.AssignTaskUseCase;
import dev.tasklane.application.port.in.AuditUseCase;
import dev.tasklane.application.port.in.BoardSettingsUseCase;
import dev.tasklane.application.port.in.CommentsUseCase;
import dev.tasklane.application.port.in.ReorderUseCase;
import dev.tasklane.application.port.in.BatchCreateUseCase;
import dev.tasklane.application.port.in.ChangedFilesUseCase;
import dev.tasklane.application.port.in.ClaimTaskUseCase;
import dev.tasklane.application.port.in.CompleteTaskUseCase;
import dev.tasklane.application.port.in.CreateTaskUseCase;
import dev.tasklane.application.port.in.EventStreamUseCase;
import dev.tasklane.application.port.in.FlowMetricsUseCase;
import dev.tasklane.application.port.in.IdempotencyUseCase;
import dev.tasklane.application.port.in.IdentityUseCase;
import dev.tasklane.application.port.in.LeaseUseCase;
import dev.tasklane.application.port.in.MaintenanceUseCase;
import dev.tasklane.application.port.in.NextTaskUseCase;
import dev.tasklane.application.port.in.ReadTasksUseCase;
import dev.tasklane.application.port.in.ReviewUseCase;
import dev.tasklane.application.port.in.SessionUseCase;
import dev.tasklane.application.port.in.SignInUseCase;
import dev.tasklane.application.port.in.HealthUseCase;
import dev.tasklane.application.port.in.UpdateTaskUseCase;
import dev.tasklane.application.port.in.UseCases;
import dev.tasklane.application.port.in.GithubUseCase;
import dev.tasklane.application.port.in.WebhooksUseCase;
import dev.tasklane.application.port.in.WorkflowSettings;
import dev.tasklane.application.port.out.WebhookJson;
import dev.tasklane.application.port.out.GithubStore;
import dev.tasklane.application.port.out.WebhookStore;
import dev.tasklane.application.port.out.WebhookTransport;
import dev.tasklane.application.port.out.AuditLog;
import dev.tasklane.application.port.out.DirectoryStore;
import dev.tasklane.application.port.out.EventOutbox;
import dev.tasklane.application.port.out.EventPublisher;
import dev.tasklane.application.port.out.IdempotencyStore;
import dev.tasklane.application.port.out.AgentSessionStore;
import dev.tasklane.application.port.out.TargetStore;
import dev.tasklane.application.port.in.TargetForecastUseCase;
import dev.tasklane.application.port.in.TargetsUseCase;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import dev.tasklane.application.port.out.SessionStore;
import dev.tasklane.application.port.out.TaskStore;
import dev.tasklane.application.port.out.Transactions;
import dev.tasklane.application.port.out.WorkflowMetrics;
import dev.tasklane.domain.flow.FlowSettings;
import dev.tasklane.domain.session.SessionLimits;
import dev.tasklane.domain.validation.CompletionMode;
import dev.tasklane.domain.workflow.TaskWorkflow;
import dev.tasklane.domain.workflow.WorkflowLimits;

import java.time.Clock;
import java.time.Duration;
import java.util.Objects;

/**
 * The composition root: the application assembled over a set of stores, every use case ready to call. The
 * {@link #builder() builder} makes the shared parts once (the use-case runner, the task lookup, the hook entries,
 * goal sync, the domain's workflow, the event bus) and hands each service the parts it calls in its constructor.
 * This is the entry point for embedding Tasklane in another JVM program (with the in-memory or the JDBI stores)
 * and what the server's bootstrap wires to the HTTP adapter and the web interface.
 */
public final class Tasklane implements UseCases {
    /** How long an answered {@code Idempotency-Key} is replayed. */
    public static final Duration DEFAULT_IDEMPOTENCY_RETENTION = Duration.ofHours(24);
    /** How long a key stays reserved for a request that has not answered (its server may have died). */
    public static final Duration DEFAULT_IDEMPOTENCY_LEASE = Duration.ofSeconds(30);
    /** How long a task next answered is held back from other callers' next (docs/rules.md, "Offers made by next"). */
    public static final Duration DEFAULT_NEXT_OFFER = Duration.ofSeconds(5);
    /** How long audit log entries are kept unless configured otherwise (TASKLANE_AUDIT_RETENTION). */
    public static final Duration DEFAULT_AUDIT_RETENTION = AuditService.DEFAULT_RETENTION;
    /** How long events stay resumable unless configured otherwise. */
    public static final Duration DEFAULT_EVENT_RETENTION = Duration.ofDays(7);

    private final CreateService create;
    private final ClaimService claims;
    private final LeaseService leases;
    private final CompleteService completion;
    private final ReviewService reviews;
    private final AssignService assignment;
    private final ArchiveService archives;
    private final BoardSettingsService boardSettings;
    private final CommentService comments;
    private final ReorderService reorder;
    private final ReadService reads;
    private final AfterGoalService afterGoal;
    private final MaintenanceService maintenance;
    private final EventBus events;
    private final IdentityService identity;
    private final SignInService signIn;
    private final WorkflowSettings workflowSettings;
    private final IdempotencyUseCase idempotency;
    private final FlowService flow;
    private final HealthUseCase health;
    private final AuditService audit;
    private final WebhooksUseCase webhooks;
    private final GithubUseCase github;
    private final EventOutbox outbox;
    private final Transactions transactions;
    private final Clock clock;
    private final WebhookStore webhookStore;
    private final GithubStore githubStore;
    private final WebhookJson webhookJson;
    private final WebhookSettings webhookSettings;
    private final String webhookBaseUrl;
    private final SessionService agentSessions;
    private final TargetService targets;

    private Tasklane(Builder builder) {
        TaskStore tasks = Objects.requireNonNull(builder.tasks, "task store");
        DirectoryStore directory = Objects.requireNonNull(builder.directory, "directory store");
        Transactions transactions = Objects.requireNonNull(builder.transactions, "transactions");
        EventOutbox outbox = builder.outbox == null ? new ProcessEventOutbox() : builder.outbox;
        this.events = new EventBus(outbox, builder.eventSettings);
        EventPublisher publisher = builder.publisher == null ? events : new FanOut(events, builder.publisher);
        AuditTrail trail = new AuditTrail(builder.audit, transactions, directory, directory, builder.clock);
        this.audit = new AuditService(builder.audit, transactions, directory, directory, builder.clock,
                builder.auditRetention);
        UseCaseRunner runner = new UseCaseRunner(transactions, tasks, tasks, tasks.flows(), outbox, publisher,
                builder.clock, builder.workflowMetrics, trail);
        TaskLookup lookup = new TaskLookup(tasks);
        HookEntries hooks = new HookEntries(directory, builder.limits);
        GoalSync goals = new GoalSync(tasks);
        TaskWorkflow workflow = new TaskWorkflow(builder.limits, PartKeys.NAMES);
        AgentSessions sessionHooks = new AgentSessions(
                builder.agentSessions == null ? new NoAgentSessions() : builder.agentSessions, builder.sessionLimits);
        this.create = new CreateService(runner, tasks, tasks, lookup, goals);
        this.claims = new ClaimService(runner, tasks, tasks, tasks, tasks, lookup, hooks, goals, workflow,
                new ClaimService.NextOffers(builder.nextOffer), sessionHooks);
        this.leases = new LeaseService(runner, lookup, goals, workflow, sessionHooks);
        this.completion = new CompleteService(runner, lookup, hooks, goals, workflow, builder.completionMode,
                sessionHooks);
        this.comments = new CommentService(runner, tasks, directory, lookup);
        this.reorder = new ReorderService(runner, tasks, lookup);
        this.reviews = new ReviewService(runner, lookup, hooks, goals, workflow, comments, sessionHooks);
        this.assignment = new AssignService(runner, tasks, directory, lookup);
        this.archives = new ArchiveService(runner, tasks, tasks, lookup);
        this.reads = new ReadService(runner, tasks, tasks, lookup);
        this.afterGoal = new AfterGoalService(runner, tasks, lookup, hooks);
        this.outbox = outbox;
        this.transactions = transactions;
        this.clock = builder.clock;
        this.webhookStore = builder.webhookStore;
        this.githubStore = builder.githubStore;
        this.webhookJson = builder.webhookJson;
        this.webhookSettings = builder.webhookSettings;
        this.webhookBaseUrl = builder.webhookBaseUrl;
        EventOutbox retained = builder.webhookStore == null ? outbox : new WebhookRetention(outbox, builder.webhookStore);
        this.maintenance = new MaintenanceService(runner, tasks, tasks, tasks, tasks.flows(), directory, retained,
                builder.eventRetention, goals,
                workflow, audit, sessionHooks);
        this.flow = new FlowService(runner, tasks, tasks.flows(), directory, lookup, goals, workflow,
                builder.flowSettings,
                sessionHooks);
        this.agentSessions = new SessionService(runner, lookup, sessionHooks, events, builder.limits.claimTtl(),
                workflow, goals);
        this.targets = new TargetService(runner, tasks, tasks, tasks.flows(), builder.targets, flow, new ForecastCache(
                builder.forecastRefresher == null ? debouncedRefresher() : builder.forecastRefresher), new ForecastRuns(
                builder.forecastWorker == null ? forecastWorker() : builder.forecastWorker, builder.forecastLimits));
        IdentityService.Settings identitySettings = new IdentityService.Settings(builder.openBoards, builder.passwordIterations);
        this.boardSettings = new BoardSettingsService(transactions, directory, directory, tasks, tasks, trail);
        SessionStore sessions = builder.sessions == null ? new NoSessionStore() : builder.sessions;
        this.identity = new IdentityService(transactions, directory, directory, directory, directory, sessions,
                builder.clock, identitySettings)
                .audited(trail);
        this.signIn = new SignInService(transactions, directory, directory, directory, directory, sessions,
                builder.signIn, builder.clock,
                identitySettings).audited(trail);
        this.workflowSettings = new WorkflowSettings(builder.limits, builder.completionMode);
        this.idempotency = builder.idempotencyStore == null ? new IdempotencyService.Unremembered()
                : new IdempotencyService(builder.idempotencyStore, transactions, builder.clock,
                        builder.idempotencyRetention, builder.idempotencyLease);
        this.health = new HealthService(tasks, transactions, builder.storeName);
        this.webhooks = builder.webhookStore == null ? new NoWebhooks()
                : new WebhookService(transactions, directory, directory, builder.webhookStore, builder.webhookStore,
                        outbox,
                        new WebhookBodies(builder.webhookJson, builder.webhookBaseUrl), builder.clock, trail);
        this.github = builder.githubStore == null ? new NoGithub()
                : new GithubService(transactions, directory, directory, directory, builder.githubStore, identity,
                        create, create, archives,
                        reads, builder.clock, trail);
    }

    /**
     * The webhook delivery worker of this server, sending through {@code transport} on {@code senders}; empty when no
     * webhook store was given. Run its {@link WebhookDispatcher#runOnce} on a schedule (bootstrap runs it beside the
     * sweeper).
     */
    public java.util.Optional<WebhookDispatcher> webhookDispatcher(WebhookTransport transport,
                                                                   java.util.concurrent.Executor senders) {
        if (webhookStore == null) {
            return java.util.Optional.empty();
        }
        return java.util.Optional.of(new WebhookDispatcher(transactions, webhookStore, webhookStore, outbox,
                new WebhookBodies(webhookJson, webhookBaseUrl), transport, webhookSettings, clock, senders));
    }

    public static Builder builder() {
        return new Builder();
    }

    @Override
    public CreateTaskUseCase create() {
        return create;
    }

    @Override
    public BatchCreateUseCase batch() {
        return create;
    }

    @Override
    public UpdateTaskUseCase update() {
        return create;
    }

    @Override
    public NextTaskUseCase next() {
        return claims;
    }

    @Override
    public ClaimTaskUseCase claims() {
        return claims;
    }

    @Override
    public LeaseUseCase leases() {
        return leases;
    }

    @Override
    public CompleteTaskUseCase completion() {
        return completion;
    }

    @Override
    public ChangedFilesUseCase changedFiles() {
        return completion;
    }

    @Override
    public ReviewUseCase reviews() {
        return reviews;
    }

    @Override
    public ArchiveUseCase archives() {
        return archives;
    }

    @Override
    public ReorderUseCase reorder() {
        return reorder;
    }

    @Override
    public CommentsUseCase comments() {
        return comments;
    }

    @Override
    public BoardSettingsUseCase boardSettings() {
        return boardSettings;
    }

    @Override
    public AssignTaskUseCase assignment() {
        return assignment;
    }

    @Override
    public ReadTasksUseCase reads() {
        return githubStore == null ? reads : new IssueLinks(reads, githubStore, transactions);
    }

    @Override
    public AfterGoalUseCase afterGoal() {
        return afterGoal;
    }

    @Override
    public MaintenanceUseCase maintenance() {
        return maintenance;
    }

    @Override
    public FlowMetricsUseCase flow() {
        return flow;
    }

    @Override
    public EventStreamUseCase events() {
        return events;
    }

    /**
     * The bus that feeds live subscribers from the outbox: a relay between servers wakes it with
     * {@link EventBus#committed(long)} when another server committed events.
     */
    public EventBus eventBus() {
        return events;
    }

    @Override
    public IdentityUseCase identity() {
        return identity;
    }

    @Override
    public WorkflowSettings workflowSettings() {
        return workflowSettings;
    }

    @Override
    public IdempotencyUseCase idempotency() {
        return idempotency;
    }

    @Override
    public HealthUseCase health() {
        return health;
    }

    /** Wakes the local bus and an extra publisher (for example a cross-server relay). */
    private record FanOut(EventPublisher first, EventPublisher second) implements EventPublisher {
        @Override
        public void committed(long lastEventId) {
            first.committed(lastEventId);
            second.committed(lastEventId);
        }
    }

    @Override
    public TargetsUseCase targets() {
        return targets;
    }

    @Override
    public TargetForecastUseCase targetForecasts() {
        return targets;
    }

    /** How long a target's forecast waits after its inputs moved before it is made again. */
    public static final Duration FORECAST_DEBOUNCE = Duration.ofSeconds(2);

    /** One daemon thread that makes forecasts, each {@link #FORECAST_DEBOUNCE} after it was asked for. */
    private static Executor debouncedRefresher() {
        ExecutorService thread = Executors.newSingleThreadExecutor(work -> {
            Thread refresher = new Thread(work, "tasklane-forecasts");
            refresher.setDaemon(true);
            return refresher;
        });
        return CompletableFuture.delayedExecutor(FORECAST_DEBOUNCE.toMillis(), TimeUnit.MILLISECONDS, thread);
    }

    /** One daemon thread that makes the forecasts asked for; the caps of {@link ForecastLimits} bound its queue. */
    private static Executor forecastWorker() {
        return Executors.newSingleThreadExecutor(work -> {
            Thread worker = new Thread(work, "tasklane-forecasts-asked");
            worker.setDaemon(true);
            return worker;
        });
    }

    @Override
    public SessionUseCase sessions() {
        return agentSessions;
    }

    @Override
    public SignInUseCase signIn() {
        return signIn;
    }

    @Override
    public WebhooksUseCase webhooks() {
        return webhooks;
    }

    @Override
    public GithubUseCase github() {
        return github;
    }

    @Override
    public AuditUseCase audit() {
        return audit;
    }

    public static final class Builder {
        private TaskStore tasks;
        private DirectoryStore directory;
        private SessionStore sessions;
        private SignInSettings signIn = SignInSettings.defaults();
        private Transactions transactions;
        private EventOutbox outbox;
        private EventBus.Settings eventSettings = EventBus.Settings.defaults();
        private Duration eventRetention = DEFAULT_EVENT_RETENTION;
        private EventPublisher publisher;
        private WorkflowMetrics workflowMetrics = WorkflowMetrics.NONE;
        private Clock clock = Clock.systemUTC();
        private WorkflowLimits limits = WorkflowLimits.defaults();
        private CompletionMode completionMode = CompletionMode.GRACE;
        private String storeName = "memory";
        private boolean openBoards;
        private int passwordIterations = Secrets.PBKDF2_ITERATIONS;
        private IdempotencyStore idempotencyStore;
        private Duration idempotencyRetention = DEFAULT_IDEMPOTENCY_RETENTION;
        private Duration idempotencyLease = DEFAULT_IDEMPOTENCY_LEASE;
        private Duration nextOffer = DEFAULT_NEXT_OFFER;
        private FlowSettings flowSettings = FlowSettings.defaults();
        private AuditLog audit = AuditLog.NONE;
        private Duration auditRetention = DEFAULT_AUDIT_RETENTION;
        private WebhookStore webhookStore;
        private GithubStore githubStore;
        private WebhookJson webhookJson;
        private WebhookSettings webhookSettings = WebhookSettings.defaults();
        private String webhookBaseUrl;
        private AgentSessionStore agentSessions;
        private TargetStore targets = TargetStore.NONE;
        private Executor forecastRefresher;
        private Executor forecastWorker;
        private ForecastLimits forecastLimits = ForecastLimits.defaults();
        private SessionLimits sessionLimits = SessionLimits.defaults();

        private Builder() {
        }

        /** Whether every user may create boards (TASKLANE_OPEN_BOARDS); by default only admins may. */
        public Builder openBoards(boolean value) {
            this.openBoards = value;
            return this;
        }

        /**
         * The PBKDF2 cost of new password hashes. The default, {@link Secrets#PBKDF2_ITERATIONS}, is OWASP's
         * figure and what the server uses; only tests lower it, to stay fast.
         */
        public Builder passwordHashIterations(int value) {
            this.passwordIterations = value;
            return this;
        }

        public Builder stores(TaskStore taskStore, DirectoryStore directoryStore, Transactions unitOfWork) {
            this.tasks = taskStore;
            this.directory = directoryStore;
            this.transactions = unitOfWork;
            return this;
        }

        /**
         * The store of web sessions. Without it, web sessions cannot be opened (an embedding without the web
         * interface needs none); password sign-in for an API token works either way.
         */
        public Builder sessions(SessionStore sessionStore) {
            this.sessions = sessionStore;
            return this;
        }

        /**
         * The store of agent sessions and their activity logs (the store adapter's, in its transactions). Without
         * one, claims open no session and a stop finds none working.
         */
        /** Where delivery targets are kept; without one, the board has none and creating one fails. */
        public Builder targets(TargetStore store) {
            this.targets = Objects.requireNonNull(store);
            return this;
        }

        /**
         * Where the cached forecasts of targets are made again when their inputs moved; by default one daemon
         * thread, {@link #FORECAST_DEBOUNCE} after the ask. A test passes its own to run them when it likes.
         */
        public Builder forecastRefresher(Executor executor) {
            this.forecastRefresher = Objects.requireNonNull(executor);
            return this;
        }

        /**
         * Where the forecasts asked for (a what-if, a default not yet cached) are computed; by default one daemon
         * thread. A test passes its own to hold them.
         */
        public Builder forecastWorker(Executor executor) {
            this.forecastWorker = Objects.requireNonNull(executor);
            return this;
        }

        /** The caps of the forecasts asked for and how long a request waits for one (docs/forecasting.md). */
        public Builder forecastLimits(ForecastLimits limits) {
            this.forecastLimits = Objects.requireNonNull(limits);
            return this;
        }

        public Builder agentSessions(AgentSessionStore store) {
            this.agentSessions = Objects.requireNonNull(store);
            return this;
        }

        /** The caps and times of agent sessions (docs/rules.md, "Sessions"): stop grace, stale time, body cap... */
        public Builder sessionLimits(SessionLimits value) {
            this.sessionLimits = Objects.requireNonNull(value);
            return this;
        }

        public Builder signInSettings(SignInSettings value) {
            this.signIn = Objects.requireNonNull(value);
            return this;
        }

        /**
         * The stores and their event outbox, which must write in the stores' transactions (the in-memory and
         * JDBI stores each provide one). Without an outbox the events live in this process only.
         */
        public Builder stores(TaskStore taskStore, DirectoryStore directoryStore, Transactions unitOfWork,
                              EventOutbox eventOutbox) {
            stores(taskStore, directoryStore, unitOfWork);
            this.outbox = Objects.requireNonNull(eventOutbox, "event outbox");
            return this;
        }

        /** Subscriber queue capacity, outbox poll interval and read batch of the live event bus. */
        public Builder eventSettings(EventBus.Settings value) {
            this.eventSettings = Objects.requireNonNull(value);
            return this;
        }

        /** How long events stay in the outbox (resumable) before the sweeper purges them. */
        public Builder eventRetention(Duration value) {
            if (value.isNegative() || value.isZero()) {
                throw new IllegalArgumentException("event retention must be positive");
            }
            this.eventRetention = value;
            return this;
        }

        /** Told after every commit that wrote events (for example the relay that wakes other servers). */
        public Builder alsoPublishTo(EventPublisher extra) {
            this.publisher = extra;
            return this;
        }

        /** Told what every committed use case recorded in the history (the server's operator metrics); none by default. */
        public Builder workflowMetrics(WorkflowMetrics value) {
            this.workflowMetrics = Objects.requireNonNull(value);
            return this;
        }

        public Builder clock(Clock value) {
            this.clock = Objects.requireNonNull(value);
            return this;
        }

        public Builder limits(WorkflowLimits value) {
            this.limits = Objects.requireNonNull(value);
            return this;
        }

        /**
         * How long a task {@code next} answered is held back from other callers' {@code next} (docs/rules.md,
         * "Offers made by next"; {@code TASKLANE_NEXT_OFFER}); zero turns offers off.
         */
        public Builder nextOffer(Duration value) {
            if (value.isNegative()) {
                throw new IllegalArgumentException("the offer window cannot be negative, got " + value);
            }
            this.nextOffer = value;
            return this;
        }

        /** When an agent counts as stuck (30 minutes by default) and dormant (14 days): docs/rules.md, "Flow metrics". */
        public Builder flowSettings(FlowSettings value) {
            this.flowSettings = Objects.requireNonNull(value);
            return this;
        }

        public Builder completionMode(CompletionMode value) {
            this.completionMode = Objects.requireNonNull(value);
            return this;
        }

        /** A name for the store in use ("memory", "h2", "postgres"), reported by /health. */
        public Builder storeName(String value) {
            this.storeName = Objects.requireNonNull(value);
            return this;
        }

        /**
         * Where {@code Idempotency-Key}s are kept (the store adapter's, on the same database as the tasks so that
         * every server sharing it honours them). Without one, keys are not remembered.
         */
        public Builder idempotency(IdempotencyStore store) {
            this.idempotencyStore = Objects.requireNonNull(store);
            return this;
        }

        /** How long an answered key is replayed (default 24 h) and how long a reservation is leased (default 30 s). */
        public Builder idempotencyTimes(Duration retention, Duration lease) {
            this.idempotencyRetention = Objects.requireNonNull(retention);
            this.idempotencyLease = Objects.requireNonNull(lease);
            return this;
        }

        /**
         * Where the audit log is kept: the store adapter's, written in the stores' transactions (docs/api.md, "Audit
         * log"). Without one, nothing is recorded.
         */
        public Builder audit(AuditLog log) {
            this.audit = Objects.requireNonNull(log, "audit log");
            return this;
        }

        /** How long audit log entries are kept before the sweeper prunes them (90 days by default). */
        public Builder auditRetention(Duration value) {
            if (value.isNegative() || value.isZero()) {
                throw new IllegalArgumentException("audit retention must be positive");
            }
            this.auditRetention = value;
            return this;
        }

        /**
         * Where webhook subscriptions and deliveries are kept (the store adapter's, in the stores' transactions), and
         * the JSON writer of delivery bodies. Without them, the webhook use cases answer that webhooks are off.
         */
        public Builder webhooks(WebhookStore store, WebhookJson json) {
            this.webhookStore = Objects.requireNonNull(store, "webhook store");
            this.webhookJson = Objects.requireNonNull(json, "json writer");
            return this;
        }

        /** Where GitHub connections and the issues' tasks are kept; without it, the GitHub use cases answer 404. */
        public Builder github(GithubStore store) {
            this.githubStore = Objects.requireNonNull(store, "github store");
            return this;
        }

        /** The server's public base URL, for the task links of Slack messages; without it they link nothing. */
        public Builder webhookBaseUrl(String value) {
            this.webhookBaseUrl = value;
            return this;
        }

        public Builder webhookSettings(WebhookSettings value) {
            this.webhookSettings = Objects.requireNonNull(value);
            return this;
        }

        public Tasklane build() {
            return new Tasklane(this);
        }
    }
}
