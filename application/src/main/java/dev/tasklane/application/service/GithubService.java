package dev.tasklane.application.service;

import dev.tasklane.application.port.in.ArchiveUseCase;
import dev.tasklane.application.port.in.CreateTask;
import dev.tasklane.application.port.in.CreateTaskUseCase;
import dev.tasklane.application.port.in.GithubUseCase;
import dev.tasklane.application.port.in.CallerUseCase;
import dev.tasklane.application.port.in.NewTask;
import dev.tasklane.application.port.in.ReadTasksUseCase;
import dev.tasklane.application.port.in.TaskRef;
import dev.tasklane.application.port.in.TaskView;
import dev.tasklane.application.port.in.UnauthenticatedException;
import dev.tasklane.application.port.in.UpdateTask;
import dev.tasklane.application.port.in.UpdateTaskUseCase;
import dev.tasklane.application.port.out.UserStore;
import dev.tasklane.application.port.out.BoardStore;
import dev.tasklane.application.port.out.MembershipStore;
import dev.tasklane.application.port.out.GithubStore;
import dev.tasklane.application.port.out.GithubStore.IssueLink;
import dev.tasklane.application.port.out.Transactions;
import dev.tasklane.domain.agent.Actor;
import dev.tasklane.domain.archive.ArchiveRequest;
import dev.tasklane.domain.audit.AuditAction;
import dev.tasklane.domain.error.ErrorDetails;
import dev.tasklane.domain.error.ForbiddenException;
import dev.tasklane.domain.error.InvalidInputException;
import dev.tasklane.domain.error.NotFoundException;
import dev.tasklane.domain.github.GithubConnection;
import dev.tasklane.domain.github.GithubSignature;
import dev.tasklane.domain.github.IssueEvent;
import dev.tasklane.domain.github.IssueRule;
import dev.tasklane.domain.github.LabelTable;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.identity.User;
import dev.tasklane.domain.task.TaskSpec;
import dev.tasklane.domain.task.TaskType;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A board's GitHub connection and the deliveries GitHub sends it. A delivery is taken in one transaction: its id
 * recorded (a second time changes nothing), then the rule's act on its task through the task use cases, in the name
 * of the user who connected the repository and as the agent {@value #AGENT}.
 */
final class GithubService implements GithubUseCase {
    /** The agent name of the changes GitHub's deliveries make. */
    static final String AGENT = "github";
    /** How long a delivery id is remembered: far longer than GitHub ever redelivers on its own. */
    static final Duration REMEMBER_DELIVERIES = Duration.ofDays(30);
    private static final Pattern DELIVERY_ID = Pattern.compile("[A-Za-z0-9-]{1," + MAX_DELIVERY_ID + "}");

    private final Transactions transactions;
    private final UserStore userStore;
    private final BoardStore boardStore;
    private final MembershipStore membershipStore;
    private final GithubStore store;
    private final CallerUseCase identity;
    private final CreateTaskUseCase create;
    private final UpdateTaskUseCase update;
    private final ArchiveUseCase archives;
    private final ReadTasksUseCase reads;
    private final Clock clock;
    private final AuditTrail audit;

    GithubService(Transactions transactions, UserStore userStore, BoardStore boardStore,
                  MembershipStore membershipStore, GithubStore store, CallerUseCase identity,
                  CreateTaskUseCase create, UpdateTaskUseCase update, ArchiveUseCase archives, ReadTasksUseCase reads,
                  Clock clock, AuditTrail audit) {
        this.transactions = transactions;
        this.userStore = userStore;
        this.boardStore = boardStore;
        this.membershipStore = membershipStore;
        this.store = store;
        this.identity = identity;
        this.create = create;
        this.update = update;
        this.archives = archives;
        this.reads = reads;
        this.clock = clock;
        this.audit = audit;
    }

    @Override
    public GithubView connect(Actor actor, BoardId boardId, Connect request) {
        LabelTable labels = request.labels() == null ? LabelTable.DEFAULT : new LabelTable(request.labels());
        return transactions.inTransaction(() -> {
            administer(actor, boardId);
            GithubConnection connection = new GithubConnection(boardId, request.repository(), request.secret(),
                    request.label(), labels, actor.user().id(), clock.instant());
            store.connect(connection);
            audit.record(actor, AuditAction.GITHUB_CONNECTED, boardId,
                    dev.tasklane.domain.audit.AuditEntry.Target.of(dev.tasklane.domain.audit.AuditEntry.Target.BOARD,
                            boardId), "repository: " + connection.repository() + ", label: " + connection.label());
            return view(connection);
        });
    }

    private static GithubView view(GithubConnection c) {
        return new GithubView(c.boardId(), c.repository(), c.label(), c.labels().entries(), c.connectedAt());
    }

    @Override
    public Received receive(BoardId boardId, Delivery delivery, Parser parser) {
        GithubConnection connection = transactions.inReadTransaction(() -> store.connection(boardId))
                .orElseThrow(() -> new NotFoundException("github_not_connected", "This board has no GitHub "
                        + "repository connected: a board owner connects one first"));
        // the signature first: nothing of the body is read before it passed
        if (!GithubSignature.valid(connection.secret(), delivery.body(), delivery.signature())) {
            throw new UnauthenticatedException(delivery.signature() == null
                    ? "X-Hub-Signature-256 is missing: set the webhook's secret on GitHub to the connection's"
                    : "X-Hub-Signature-256 does not match the body: the secrets on GitHub and here differ");
        }
        if (!"issues".equals(delivery.event())) {
            return new Received("ignored", null, "event " + delivery.event() + " is not issues");
        }
        String id = delivery.deliveryId();
        if (id == null || !DELIVERY_ID.matcher(id).matches()) {
            throw new InvalidInputException("invalid_param", "X-GitHub-Delivery must be GitHub's delivery id (letters, "
                    + "digits and -, at most " + MAX_DELIVERY_ID + ")", new ErrorDetails.Field("X-GitHub-Delivery"));
        }
        IssueEvent event = parser.issues(delivery.body());
        return transactions.inTransaction(() -> {
            Instant now = clock.instant();
            if (!store.firstDelivery(boardId, id, now, now.minus(REMEMBER_DELIVERIES))) {
                return new Received("duplicate", null, "delivery " + id + " was taken already");
            }
            Optional<IssueLink> link = store.link(boardId, connection.repository(), event.number());
            Actor actor = actor(connection);
            Optional<TaskView> task = link.map(l -> reads.get(actor, new TaskRef.ById(l.taskId())));
            boolean archived = task.map(t -> t.task().archive() != null).orElse(false);
            IssueRule.Decision decision = IssueRule.decide(connection, event, task.isPresent(), archived);
            return switch (decision.act()) {
                case CREATE -> {
                    TaskSpec spec = TaskSpec.builder(event.title(), TaskType.WORK,
                                    connection.labels().priority(event.labels()))
                            .description(event.description())
                            .requiredCapabilities(connection.labels().capabilities(event.labels())).build();
                    TaskView made = create.create(actor, new CreateTask(NewTask.of(spec), AGENT)).root();
                    store.saveLink(new IssueLink(boardId, connection.repository(), event.number(), made.task().id(),
                            event.htmlUrl()));
                    yield new Received("created", made.task().identifier().toString(), null);
                }
                case UPDATE -> {
                    TaskView changed = update.update(actor, ref(task.get()), UpdateTask.builder().title(event.title())
                            .description(event.description()).priority(connection.labels().priority(event.labels()))
                            .requiredCapabilities(connection.labels().capabilities(event.labels())).build());
                    store.saveLink(new IssueLink(boardId, connection.repository(), event.number(),
                            changed.task().id(), event.htmlUrl()));
                    yield new Received("updated", identifier(changed), null);
                }
                case ARCHIVE -> new Received("archived", identifier(archives.archive(actor, ref(task.get()),
                        ArchiveRequest.of("completed", "Closed on GitHub: " + event.htmlUrl(), null))), null);
                case RESTORE -> new Received("restored", identifier(archives.restore(actor, ref(task.get()))), null);
                case IGNORE -> new Received("ignored", task.map(GithubService::identifier).orElse(null),
                        decision.reason());
            };
        });
    }

    private static TaskRef ref(TaskView view) {
        return TaskRef.parse(view.task().identifier().toString());
    }

    private static String identifier(TaskView view) {
        return view.task().identifier().toString();
    }

    /** The user who connected the repository, on the board, as the agent {@value #AGENT}. */
    private Actor actor(GithubConnection connection) {
        User user = userStore.userById(connection.connectedBy()).filter(User::active)
                .orElseThrow(() -> new ForbiddenException("github_connector_gone", "The user who connected the "
                        + "repository is disabled or gone: a board owner connects it again"));
        return identity.actAs(user.username(), connection.boardId(), AGENT);
    }

    private void administer(Actor actor, BoardId boardId) {
        IdentityRules.administer(boardStore, membershipStore, actor, boardId,
                "Only the board's owners or an admin connect GitHub");
    }
}
