package dev.tasklane.application.usecase;

import dev.tasklane.application.port.in.AuditUseCase.AuditFilter;
import dev.tasklane.application.port.in.GithubUseCase;
import dev.tasklane.application.port.in.GithubUseCase.Connect;
import dev.tasklane.application.port.in.GithubUseCase.Delivery;
import dev.tasklane.application.port.in.GithubUseCase.GithubView;
import dev.tasklane.application.port.in.GithubUseCase.Received;
import dev.tasklane.application.port.in.TaskRef;
import dev.tasklane.application.port.in.TaskView;
import dev.tasklane.application.port.in.UnauthenticatedException;
import dev.tasklane.application.port.out.AuditLog;
import dev.tasklane.application.port.out.GithubStore;
import dev.tasklane.application.port.out.GithubStore.IssueLink;
import dev.tasklane.application.testing.StoreSet;
import dev.tasklane.domain.audit.AuditAction;
import dev.tasklane.domain.audit.AuditEntry;
import dev.tasklane.domain.error.ForbiddenException;
import dev.tasklane.domain.error.InvalidInputException;
import dev.tasklane.domain.error.NotFoundException;
import dev.tasklane.domain.github.GithubConnection;
import dev.tasklane.domain.github.GithubSignature;
import dev.tasklane.domain.github.IssueEvent;
import dev.tasklane.domain.github.LabelTable;
import dev.tasklane.domain.id.TaskId;
import dev.tasklane.domain.task.Capability;
import dev.tasklane.domain.task.Priority;
import dev.tasklane.domain.task.Status;
import dev.tasklane.domain.validation.CompletionMode;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * GitHub issues that become tasks, on a store (docs/api.md, "GitHub issues"): every store adapter extends this class
 * with only {@link #newStores()}. The store's operations first (a connection replaced, an issue's link, a delivery id
 * taken once even by two at once), then the use cases over it: only the board's owners and admins connect, the secret
 * never answered and the act audited; a delivery with a bad or missing signature is refused before its body is read;
 * opened with the label creates a task in Ready with the label table's priority and capabilities and the issue's link
 * as {@code external_url}; edited updates it; closed archives it; reopened restores it; the same delivery twice
 * changes nothing twice; other events and other repositories change nothing. (GitHub's own payloads, signed as GitHub
 * signs, run through the HTTP route in {@code GithubRoutesTest}.)
 */
public abstract class GithubContract {
    /** The stores of one adapter, its GitHub store and its audit log, sharing one transaction manager. */
    public record Stores(StoreSet stores, GithubStore github, AuditLog audit) {
    }

    protected abstract Stores newStores();

    /** The audit action this contract checks (AuditContract checks the others). */
    public static final Set<AuditAction> AUDITED = Set.of(AuditAction.GITHUB_CONNECTED);

    private static final String SECRET = "a secret of the contract, 0xG1";
    private static final String REPOSITORY = "octo-org/octo-repo";

    private Stores stores;
    private BoardFixture board;
    private GithubUseCase github;
    private long deliveries;

    @BeforeEach
    void open() {
        stores = newStores();
        board = new BoardFixture(stores.stores(), CompletionMode.GRACE, builder -> builder.github(stores.github())
                .audit(stores.audit()));
        github = board.app.github();
    }

    private GithubView connect() {
        return github.connect(board.admin, board.boardId, new Connect(REPOSITORY, SECRET, null, null));
    }

    private static IssueEvent issue(String action, long number, String title, List<String> labels) {
        return new IssueEvent(action, REPOSITORY, number, title, "Body of #" + number, labels,
                "https://github.com/" + REPOSITORY + "/issues/" + number, null);
    }

    /** A delivery of {@code event}, signed with the secret, with a fresh delivery id (or the one given). */
    private Received deliver(IssueEvent event, String deliveryId) {
        byte[] body = ("{\"action\":\"" + event.action() + "\",\"n\":" + event.number() + "}")
                .getBytes(StandardCharsets.UTF_8);
        return github.receive(board.boardId, new Delivery("issues", deliveryId, GithubSignature.sign(SECRET, body), body),
                bytes -> event);
    }

    private Received deliver(IssueEvent event) {
        return deliver(event, "delivery-" + (++deliveries));
    }

    private TaskView task(String identifier) {
        return board.app.reads().get(board.admin, TaskRef.parse(identifier));
    }

    // ---- the store's own operations

    @Test
    void aDeliveryIdIsTakenOnceEvenByTwoAtOnceAndForgottenWhenOld() throws Exception {
        GithubStore store = stores.github();
        java.time.Instant now = board.clock.instant();
        assertTrue(board.stores.tx(() -> store.firstDelivery(board.boardId, "d-1", now, now.minus(Duration.ofDays(30)))));
        assertFalse(board.stores.tx(() -> store.firstDelivery(board.boardId, "d-1", now, now.minus(Duration.ofDays(30)))));
        // a month on, the old id is forgotten and taken again
        java.time.Instant later = now.plus(Duration.ofDays(31));
        assertTrue(board.stores.tx(() -> store.firstDelivery(board.boardId, "d-1", later, later.minus(Duration.ofDays(30)))));

        int threads = 4;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<Boolean>> takes = new ArrayList<>();
            for (int i = 0; i < threads; i++) {
                takes.add(pool.submit(() -> {
                    start.await();
                    return board.stores.tx(() -> store.firstDelivery(board.boardId, "raced", later,
                            later.minus(Duration.ofDays(30))));
                }));
            }
            start.countDown();
            int first = 0;
            for (Future<Boolean> take : takes) {
                first += take.get(30, TimeUnit.SECONDS) ? 1 : 0;
            }
            assertEquals(1, first, "one of " + threads + " racing takes of one delivery id wins");
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void aConnectionIsReplacedAndALinkIsFoundByIssueAndByTask() {
        GithubStore store = stores.github();
        connect();
        github.connect(board.admin, board.boardId, new Connect("octo-org/other", SECRET + "2", "ready", Map.of(
                "p0", "priority:critical")));
        GithubConnection stored = board.stores.tx(() -> store.connection(board.boardId)).orElseThrow();
        assertEquals("octo-org/other", stored.repository());
        assertEquals(SECRET + "2", stored.secret());
        assertEquals("ready", stored.label());
        assertEquals(Map.of("p0", "priority:critical"), stored.labels().entries());
        IssueLink link = new IssueLink(board.boardId, REPOSITORY, 7, TaskId.of(42), "https://github.com/x/y/issues/7");
        board.stores.run(() -> store.saveLink(link));
        board.stores.run(() -> store.saveLink(new IssueLink(board.boardId, REPOSITORY, 7, TaskId.of(42),
                "https://github.com/x/y/issues/7#moved")));
        assertEquals("https://github.com/x/y/issues/7#moved", board.stores.tx(() -> store.link(board.boardId,
                REPOSITORY, 7)).orElseThrow().htmlUrl());
        assertEquals(7, board.stores.tx(() -> store.linkOfTask(TaskId.of(42))).orElseThrow().number());
        assertTrue(board.stores.tx(() -> store.link(board.boardId, REPOSITORY, 8)).isEmpty());
    }

    // ---- the use cases

    @Test
    void onlyOwnersAndAdminsConnectTheSecretIsNeverAnsweredAndTheActIsAudited() {
        assertThrows(ForbiddenException.class, () -> github.connect(board.alice, board.boardId,
                new Connect(REPOSITORY, SECRET, null, null)));
        GithubView view = connect();
        assertEquals(REPOSITORY, view.repository());
        assertEquals(GithubConnection.DEFAULT_LABEL, view.label());
        assertEquals(LabelTable.DEFAULT.entries(), view.labels());
        assertFalse(view.toString().contains(SECRET));
        assertFalse(board.stores.tx(() -> stores.github().connection(board.boardId)).orElseThrow().toString()
                .contains(SECRET));
        List<AuditEntry> entries = board.app.audit().read(board.admin, AuditFilter.none().withLimit(50)).entries()
                .stream().filter(e -> e.action() == AuditAction.GITHUB_CONNECTED).toList();
        assertEquals(1, entries.size());
        assertEquals("repository: octo-org/octo-repo, label: tasklane", entries.get(0).detail());
        assertFalse(entries.get(0).toString().contains(SECRET));

        assertThrows(InvalidInputException.class, () -> github.connect(board.admin, board.boardId,
                new Connect("not a repository", SECRET, null, null)));
        assertThrows(InvalidInputException.class, () -> github.connect(board.admin, board.boardId,
                new Connect(REPOSITORY, "short", null, null)));
        assertThrows(InvalidInputException.class, () -> github.connect(board.admin, board.boardId,
                new Connect(REPOSITORY, SECRET, null, Map.of("bug", "priority:urgent"))));
    }

    @Test
    void aBadOrMissingSignatureIsRefusedBeforeTheBodyIsRead() {
        connect();
        AtomicInteger parsed = new AtomicInteger();
        byte[] body = "{\"action\":\"opened\"}".getBytes(StandardCharsets.UTF_8);
        for (String signature : new String[]{null, "", "sha256=", GithubSignature.sign("another secret of sixteen", body),
                GithubSignature.sign(SECRET, body).replace("sha256=", "sha1="),
                GithubSignature.sign(SECRET, body).substring(0, 70), GithubSignature.sign(SECRET, "{}".getBytes())}) {
            assertThrows(UnauthenticatedException.class, () -> github.receive(board.boardId, new Delivery("issues",
                    "d-bad", signature, body), bytes -> {
                        parsed.incrementAndGet();
                        return issue("opened", 1, "x", List.of("tasklane"));
                    }), String.valueOf(signature));
        }
        assertEquals(0, parsed.get(), "no refused delivery was parsed");
        assertThrows(NotFoundException.class, () -> github.receive(dev.tasklane.domain.id.BoardId.of(9_999),
                new Delivery("issues", "d", GithubSignature.sign(SECRET, body), body), bytes -> null));
    }

    @Test
    void anIssueLivesItsLifeAsATask() {
        connect();
        Received created = deliver(issue("opened", 12, "Crash on start", List.of("tasklane", "high", "security",
                "documentation")));
        assertEquals("created", created.outcome(), created.toString());
        TaskView task = task(created.task());
        assertEquals(Status.OPEN, task.task().status(), "in Ready");
        assertEquals("Crash on start", task.task().spec().title());
        assertEquals(Priority.HIGH, task.task().spec().priority());
        assertEquals(Set.of(Capability.SECURITY_ANALYSIS, Capability.DOCUMENTATION),
                task.task().spec().requiredCapabilities());
        assertTrue(task.task().spec().description().contains("Body of #12"));
        assertEquals("https://github.com/octo-org/octo-repo/issues/12", task.externalUrl());
        assertEquals("github", task.task().createdByAgent());

        Received edited = deliver(issue("edited", 12, "Crash on start with Java 21", List.of("tasklane", "critical")));
        assertEquals("updated", edited.outcome());
        assertEquals(created.task(), edited.task());
        assertEquals("Crash on start with Java 21", task(created.task()).task().spec().title());
        assertEquals(Priority.CRITICAL, task(created.task()).task().spec().priority());
        assertTrue(task(created.task()).task().spec().requiredCapabilities().isEmpty());

        Received closed = deliver(issue("closed", 12, "Crash on start with Java 21", List.of("tasklane")));
        assertEquals("archived", closed.outcome());
        assertNotNull(task(created.task()).task().archive());
        assertEquals("ignored", deliver(issue("closed", 12, "x", List.of("tasklane"))).outcome(), "closed twice");

        Received reopened = deliver(issue("reopened", 12, "Crash on start with Java 21", List.of("tasklane")));
        assertEquals("restored", reopened.outcome());
        assertNull(task(created.task()).task().archive());
        assertEquals(Status.OPEN, task(created.task()).task().status());
    }

    @Test
    void theSameDeliveryTwiceChangesNothingTwiceAndOthersChangeNothing() {
        connect();
        Received first = deliver(issue("opened", 3, "Once", List.of("tasklane")), "same-delivery");
        assertEquals("created", first.outcome());
        Received again = deliver(issue("opened", 3, "Once", List.of("tasklane")), "same-delivery");
        assertEquals("duplicate", again.outcome());
        Received closed = deliver(issue("closed", 3, "Once", List.of("tasklane")), "close-1");
        assertEquals("archived", closed.outcome());
        deliver(issue("reopened", 3, "Once", List.of("tasklane")), "reopen-1");
        // GitHub's redelivery of the old close changes nothing: the task stays restored
        assertEquals("duplicate", deliver(issue("closed", 3, "Once", List.of("tasklane")), "close-1").outcome());
        assertNull(task(first.task()).task().archive());
        int before = board.app.reads().list(board.admin, dev.tasklane.application.port.in.TaskQuery.all(board.boardId))
                .tasks().size();

        assertEquals("ignored", deliver(issue("opened", 4, "No label", List.of("bug"))).outcome());
        assertEquals("ignored", deliver(new IssueEvent("opened", "someone/else", 5, "Elsewhere", "", List.of("tasklane"),
                "https://github.com/someone/else/issues/5", null)).outcome());
        assertEquals("ignored", deliver(issue("edited", 6, "Never made", List.of("tasklane"))).outcome());
        assertEquals("ignored", deliver(issue("pinned", 3, "Once", List.of("tasklane"))).outcome());
        byte[] ping = "{\"zen\":\"Keep it logically awesome.\"}".getBytes(StandardCharsets.UTF_8);
        Received pinged = github.receive(board.boardId, new Delivery("ping", "ping-1", GithubSignature.sign(SECRET, ping),
                ping), bytes -> {
                    throw new AssertionError("a ping is not parsed");
                });
        assertEquals("ignored", pinged.outcome());
        assertEquals(before, board.app.reads().list(board.admin, dev.tasklane.application.port.in.TaskQuery
                .all(board.boardId)).tasks().size(), "no task made by the ignored deliveries");

        // a label added later makes the task; a bad delivery id is a clear 422
        assertEquals("created", deliver(issue("labeled", 4, "No label", List.of("bug", "tasklane"))).outcome());
        assertThrows(InvalidInputException.class, () -> deliver(issue("opened", 9, "x", List.of("tasklane")),
                "not a delivery id!"));
    }
}
