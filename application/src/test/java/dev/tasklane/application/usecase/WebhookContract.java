package dev.tasklane.application.usecase;

import dev.tasklane.application.port.in.AuditUseCase.AuditFilter;
import dev.tasklane.application.port.in.Patch;
import dev.tasklane.application.port.in.WebhooksUseCase;
import dev.tasklane.application.port.in.WebhooksUseCase.Created;
import dev.tasklane.application.port.in.WebhooksUseCase.NewWebhook;
import dev.tasklane.application.port.in.WebhooksUseCase.WebhookChange;
import dev.tasklane.application.port.in.WebhooksUseCase.WebhookView;
import dev.tasklane.application.port.out.AuditLog;
import dev.tasklane.application.port.out.EventOutbox;
import dev.tasklane.application.port.out.WebhookStore;
import dev.tasklane.application.port.out.WebhookTransport;
import dev.tasklane.application.service.Tasklane;
import dev.tasklane.application.service.WebhookDispatcher;
import dev.tasklane.application.service.WebhookSettings;
import dev.tasklane.application.testing.StoreSet;
import dev.tasklane.application.testing.TinyJson;
import dev.tasklane.domain.audit.AuditAction;
import dev.tasklane.domain.audit.AuditEntry;
import dev.tasklane.domain.error.ForbiddenException;
import dev.tasklane.domain.error.InvalidInputException;
import dev.tasklane.domain.error.NotFoundException;
import dev.tasklane.domain.validation.CompletionMode;
import dev.tasklane.domain.webhook.EventFilter;
import dev.tasklane.domain.webhook.RetrySchedule;
import dev.tasklane.domain.webhook.WebhookDelivery;
import dev.tasklane.domain.webhook.WebhookDelivery.State;
import dev.tasklane.domain.webhook.WebhookSubscription;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collections;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiFunction;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static dev.tasklane.application.usecase.BoardFixture.task;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Webhooks on a store (docs/api.md, "Webhooks"): every store adapter extends this class with only
 * {@link #newStores()}. The store's conditional writes first (a cursor moved once, a delivery leased by one server
 * at a time), then the use cases and the delivery worker over it: a receiver that fails, then times out, then
 * answers gets every event exactly once as seen by de-duplication, with every signature valid; two workers at once
 * never send one delivery twice at a time; the secret is answered once and never logged; a rotation signs with both
 * secrets for its overlap; a subscription failing for the configured time is disabled with the reason; the outbox
 * keeps what is not yet fed; only the board's owners and admins manage its webhooks.
 */
public abstract class WebhookContract {
    /** The stores of one adapter, its webhook store and its audit log, sharing one transaction manager. */
    public record Stores(StoreSet stores, WebhookStore webhooks, AuditLog audit) {
    }

    /** The audit actions of webhook management, which this contract checks (AuditContract checks the others). */
    public static final Set<AuditAction> AUDITED = EnumSet.of(AuditAction.WEBHOOK_CREATED, AuditAction.WEBHOOK_CHANGED,
            AuditAction.WEBHOOK_SECRET_ROTATED, AuditAction.WEBHOOK_DELETED);

    protected abstract Stores newStores();

    private static final Duration DISABLE_AFTER = Duration.ofHours(6);

    private Stores stores;
    private BoardFixture board;
    private WebhooksUseCase webhooks;
    private final List<String> logged = Collections.synchronizedList(new ArrayList<>());
    private final Handler capture = new Handler() {
        @Override
        public void publish(LogRecord record) {
            logged.add(String.valueOf(record.getMessage()) + " " + record.getThrown());
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    };

    @BeforeEach
    void open() {
        stores = newStores();
        board = new BoardFixture(stores.stores(), CompletionMode.GRACE, builder -> builder
                .webhooks(stores.webhooks(), TinyJson.INSTANCE).webhookBaseUrl("https://tasklane.example/")
                .audit(stores.audit())
                .webhookSettings(new WebhookSettings(RetrySchedule.DEFAULT, DISABLE_AFTER, Duration.ofSeconds(60), 32,
                        Duration.ofDays(14))));
        webhooks = board.app.webhooks();
        Logger.getLogger("").addHandler(capture);
    }

    @AfterEach
    void close() {
        Logger.getLogger("").removeHandler(capture);
    }

    private WebhookStore store() {
        return stores.webhooks();
    }

    private <T> T tx(java.util.function.Supplier<T> work) {
        return stores.stores().tx(work);
    }

    private EventOutbox outbox() {
        return stores.stores().events();
    }

    private Created subscribe(List<String> events) {
        return webhooks.create(board.admin, board.boardId, new NewWebhook("https://hooks.example.com/in", events, "ops"));
    }

    // ---- the store's own operations

    @Test
    void aCursorMovesOnceFromTheValueItWasReadAt() {
        long id = subscribe(null).webhook().id();
        long cursor = tx(() -> store().subscription(id)).orElseThrow().cursor();
        Instant now = board.clock.instant();
        List<WebhookDelivery> made = List.of(WebhookDelivery.pending(id, "msg_a", cursor + 1, "task.created", "{}", now),
                WebhookDelivery.pending(id, "msg_b", cursor + 2, "task.created", "{}", now));
        assertTrue(tx(() -> store().advance(id, cursor, cursor + 2, made)));
        // a second server that read the same cursor stores nothing
        assertFalse(tx(() -> store().advance(id, cursor, cursor + 2, made)));
        assertEquals(cursor + 2, tx(() -> store().subscription(id)).orElseThrow().cursor());
        List<WebhookDelivery> log = tx(() -> store().deliveries(id, 10));
        assertEquals(List.of("msg_b", "msg_a"), log.stream().map(WebhookDelivery::messageId).toList(), "newest first");
        assertEquals(2, tx(() -> store().pendingCount()));
        assertEquals(now, tx(() -> store().oldestPending()).orElseThrow());
        // an update by an admin never moves the cursor back
        WebhookSubscription s = tx(() -> store().subscription(id)).orElseThrow();
        assertTrue(tx(() -> store().save(s.withCursor(0).changed(null, null, "renamed", null))));
        assertEquals(cursor + 2, tx(() -> store().subscription(id)).orElseThrow().cursor());
        assertEquals("renamed", tx(() -> store().subscription(id)).orElseThrow().description());
        assertEquals(cursor + 2, tx(() -> store().lowestEnabledCursor()).orElseThrow());
    }

    @Test
    void aDeliveryIsLeasedToOneServerAtATimeAndRecordedOnlyByItsHolder() {
        long id = subscribe(null).webhook().id();
        Instant now = board.clock.instant();
        WebhookDelivery d = tx(() -> store().add(WebhookDelivery.pending(id, "msg_x", 0, "webhook.test", "{}", now)));
        assertEquals(List.of(d.id()), tx(() -> store().due(now, 10)).stream().map(WebhookDelivery::id).toList());
        assertTrue(tx(() -> store().lease(d.id(), "one", now, now.plusSeconds(60))));
        assertFalse(tx(() -> store().lease(d.id(), "two", now.plusSeconds(59), now.plusSeconds(120))));
        assertTrue(tx(() -> store().due(now.plusSeconds(30), 10)).isEmpty(), "a held delivery is not due");
        WebhookDelivery.Attempt ok = new WebhookDelivery.Attempt(now, 12, 200, "ok");
        assertFalse(tx(() -> store().record(d.after(ok, null), "two")), "only the holder records");
        // the holder died: its lease runs out and another server takes the delivery
        assertTrue(tx(() -> store().lease(d.id(), "two", now.plusSeconds(60), now.plusSeconds(120))));
        assertFalse(tx(() -> store().record(d.after(ok, null), "one")), "a lost lease records nothing");
        assertTrue(tx(() -> store().record(d.after(ok, null), "two")));
        WebhookDelivery done = tx(() -> store().delivery(d.id())).orElseThrow();
        assertEquals(State.DELIVERED, done.state());
        assertEquals(1, done.attempts());
        assertEquals(200, done.lastStatus());
        assertEquals("ok", done.lastResponse());
        assertEquals(now, done.deliveredAt());
        assertNull(done.leaseOwner());
        assertFalse(tx(() -> store().lease(d.id(), "three", now.plusSeconds(500), now.plusSeconds(600))),
                "a delivered one is never leased again");
        assertEquals(0, tx(() -> store().pendingCount()));
        assertTrue(tx(() -> store().resend(d.id(), now.plusSeconds(10))));
        assertEquals(State.PENDING, tx(() -> store().delivery(d.id())).orElseThrow().state());
        // pruning takes finished deliveries past the log's retention only
        tx(() -> store().record(tx(() -> store().delivery(d.id())).orElseThrow().after(ok, null), "x"));
        assertTrue(tx(() -> store().lease(d.id(), "x", now.plusSeconds(10), now.plusSeconds(70))));
        assertTrue(tx(() -> store().record(d.after(ok, null), "x")));
        assertEquals(0, tx(() -> store().prune(now, 10)));
        assertEquals(1, tx(() -> store().prune(now.plusSeconds(1), 10)));
        assertTrue(tx(() -> store().delivery(d.id())).isEmpty());
    }

    @Test
    void aDisabledSubscriptionsDeliveriesAreNotDueAndDeletingRemovesThem() {
        long id = subscribe(null).webhook().id();
        Instant now = board.clock.instant();
        tx(() -> store().add(WebhookDelivery.pending(id, "msg_y", 0, "webhook.test", "{}", now)));
        tx(() -> {
            store().health(id, now, true, "failing since then");
            return null;
        });
        WebhookSubscription disabled = tx(() -> store().subscription(id)).orElseThrow();
        assertFalse(disabled.enabled());
        assertEquals("failing since then", disabled.disabledReason());
        assertEquals(now, disabled.failingSince());
        assertTrue(tx(() -> store().due(now, 10)).isEmpty());
        assertTrue(tx(() -> store().enabled(10)).isEmpty());
        assertTrue(tx(() -> store().lowestEnabledCursor()).isEmpty());
        assertTrue(tx(() -> store().delete(id)));
        assertTrue(tx(() -> store().subscription(id)).isEmpty());
        assertTrue(tx(() -> store().deliveries(id, 10)).isEmpty());
        assertFalse(tx(() -> store().delete(id)));
    }

    // ---- the use cases and the worker

    @Test
    void aReceiverThatFailsThenTimesOutThenAnswersGetsEveryEventExactlyOnce() {
        Created created = subscribe(null);
        Receiver receiver = new Receiver((id, attempt) -> switch (attempt) {
            case 1 -> new WebhookTransport.Outcome(500, "down for maintenance", Duration.ofMillis(3));
            case 2 -> new WebhookTransport.Outcome(null, "timed out after 5 s", Duration.ofSeconds(5));
            default -> new WebhookTransport.Outcome(204, "", Duration.ofMillis(2));
        }, List.of(created.secret()));
        List<String> identifiers = new ArrayList<>();
        for (int i = 0; i < 7; i++) {
            identifiers.add(BoardFixture.id(board.create(board.admin, task("Hooked " + i))));
        }
        WebhookDispatcher worker = dispatcher(receiver);
        for (int round = 0; round < 20; round++) {
            worker.runOnce();
            board.clock.advance(Duration.ofMinutes(1));
        }
        assertEquals(7, receiver.unique().size(), receiver.unique().toString());
        assertEquals(21, receiver.calls.get(), "three attempts of each");
        assertTrue(receiver.bad.isEmpty(), receiver.bad.toString());
        List<Long> eventIds = receiver.unique().values().stream().map(WebhookContract::eventId).sorted().toList();
        assertEquals(7, new HashSet<>(eventIds).size());
        List<String> seen = receiver.unique().values().stream().map(body -> field(body, "identifier")).sorted().toList();
        assertEquals(identifiers.stream().sorted().toList(), seen);
        for (String body : receiver.unique().values()) {
            assertTrue(body.startsWith("{\"type\":\"task.created\",\"timestamp\":\""), body);
            assertTrue(body.contains("\"board_id\":" + board.boardId.value()), body);
            assertTrue(body.contains("\"data\":{\"id\":" + eventId(body) + ",\"type\":\"task.created\""), body);
        }
        List<WebhookDelivery> log = webhooks.deliveries(board.admin, board.boardId, created.webhook().id(), 50);
        assertEquals(7, log.size());
        for (WebhookDelivery d : log) {
            assertEquals(State.DELIVERED, d.state(), d.toString());
            assertEquals(3, d.attempts());
            assertEquals(204, d.lastStatus());
            assertNotNull(d.deliveredAt());
            assertNull(d.nextAttemptAt());
        }
        // the failures were short: the subscription was never disabled and is failing no longer
        WebhookView view = webhooks.list(board.admin, board.boardId).get(0);
        assertTrue(view.enabled());
        assertNull(view.failingSince());
        assertNoSecretLogged(created.secret());
        WebhookDispatcher.Stats stats = worker.stats();
        assertEquals(7, stats.delivered());
        assertEquals(14, stats.failedAttempts());
        assertEquals(0, stats.pending());
    }

    @Test
    void aReceiverThatHangsNeverSlowsAClaimOrACompletion() throws Exception {
        Created created = subscribe(null);
        CountDownLatch inside = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        Receiver hanging = new Receiver((id, attempt) -> {
            inside.countDown();
            try {
                release.await(30, TimeUnit.SECONDS);
            } catch (InterruptedException interrupted) {
                Thread.currentThread().interrupt();
            }
            return new WebhookTransport.Outcome(null, "timed out", Duration.ofSeconds(30));
        }, List.of(created.secret()));
        String first = BoardFixture.id(board.create(board.admin, task("Before the hang")));
        ExecutorService worker = Executors.newSingleThreadExecutor();
        try {
            Future<Integer> run = worker.submit(() -> dispatcher(hanging).runOnce());
            assertTrue(inside.await(10, TimeUnit.SECONDS), "the delivery is being sent");
            long start = System.nanoTime();
            for (int i = 0; i < 5; i++) {
                String identifier = BoardFixture.id(board.create(board.admin, task("While it hangs " + i)));
                board.claim(board.alice, identifier);
                board.complete(board.alice, identifier);
            }
            board.claim(board.bob, first);
            Duration took = Duration.ofNanos(System.nanoTime() - start);
            assertFalse(run.isDone(), "the receiver still holds the worker");
            assertTrue(took.compareTo(Duration.ofSeconds(5)) < 0, "claims and completions took " + took);
            release.countDown();
            run.get(30, TimeUnit.SECONDS);
        } finally {
            release.countDown();
            worker.shutdownNow();
        }
    }

    @Test
    void twoWorkersAtOnceNeverSendOneDeliveryTwiceAtATime() throws Exception {
        Created created = subscribe(null);
        Map<String, AtomicInteger> inFlight = new ConcurrentHashMap<>();
        List<String> overlaps = Collections.synchronizedList(new ArrayList<>());
        Receiver receiver = new Receiver((id, attempt) -> {
            if (inFlight.computeIfAbsent(id, k -> new AtomicInteger()).incrementAndGet() > 1) {
                overlaps.add(id);
            }
            try {
                Thread.sleep(2);
            } catch (InterruptedException interrupted) {
                Thread.currentThread().interrupt();
            }
            inFlight.get(id).decrementAndGet();
            return new WebhookTransport.Outcome(200, "ok", Duration.ofMillis(2));
        }, List.of(created.secret()));
        for (int i = 0; i < 40; i++) {
            board.create(board.admin, task("Raced " + i));
        }
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            WebhookDispatcher first = board.app.webhookDispatcher(receiver, pool).orElseThrow();
            WebhookDispatcher second = board.app.webhookDispatcher(receiver, pool).orElseThrow();
            ExecutorService workers = Executors.newFixedThreadPool(2);
            CountDownLatch start = new CountDownLatch(1);
            List<Future<?>> runs = new ArrayList<>();
            for (WebhookDispatcher worker : List.of(first, second)) {
                runs.add(workers.submit(() -> {
                    start.await();
                    for (int round = 0; round < 10; round++) {
                        worker.runOnce();
                    }
                    return null;
                }));
            }
            start.countDown();
            for (Future<?> run : runs) {
                run.get(60, TimeUnit.SECONDS);
            }
            workers.shutdown();
        } finally {
            pool.shutdown();
        }
        assertTrue(overlaps.isEmpty(), "sent at once: " + overlaps);
        assertEquals(40, receiver.unique().size());
        assertEquals(40, receiver.calls.get(), "each sent once: neither worker fed an event the other fed");
        assertTrue(receiver.bad.isEmpty(), receiver.bad.toString());
    }

    @Test
    void theSecretIsAnsweredOnceAndNeverAfterNorLogged() {
        Created created = subscribe(List.of("task.created"));
        String secret = created.secret();
        assertTrue(secret.startsWith("whsec_"), secret);
        String key = secret.substring("whsec_".length());
        assertFalse(created.toString().contains(key));
        List<Object> answers = new ArrayList<>();
        answers.addAll(webhooks.list(board.admin, board.boardId));
        long id = created.webhook().id();
        answers.add(webhooks.change(board.admin, board.boardId, id, new WebhookChange(Patch.unchanged(),
                Patch.to(null), Patch.to("all of them"), Patch.unchanged())));
        answers.add(webhooks.test(board.admin, board.boardId, id));
        answers.addAll(webhooks.deliveries(board.admin, board.boardId, id, 10));
        answers.add(tx(() -> store().subscription(id)).orElseThrow());
        for (Object answer : answers) {
            assertFalse(answer.toString().contains(key), answer.toString());
            for (java.lang.reflect.RecordComponent component : answer.getClass().getRecordComponents()) {
                assertFalse(component.getName().toLowerCase().contains("secret") && component.getType() == String.class,
                        answer.getClass() + " has " + component.getName());
            }
        }
        assertTrue(webhooks.list(board.admin, board.boardId).get(0).events().isEmpty(), "sent as null: every type");
        Receiver receiver = new Receiver((i, a) -> new WebhookTransport.Outcome(500, "no", Duration.ZERO), List.of(secret));
        dispatcher(receiver).runOnce();
        assertEquals(1, receiver.calls.get());
        assertNoSecretLogged(secret);
    }

    @Test
    void aRotationSignsWithBothSecretsForItsOverlapThenWithTheNewOne() {
        Created created = subscribe(null);
        long id = created.webhook().id();
        Created rotated = webhooks.rotate(board.admin, board.boardId, id, Duration.ofHours(1));
        assertFalse(rotated.secret().equals(created.secret()));
        assertEquals(board.clock.instant().plus(Duration.ofHours(1)), rotated.webhook().previousSecretUntil());
        Receiver both = new Receiver((i, a) -> new WebhookTransport.Outcome(200, "", Duration.ZERO),
                List.of(rotated.secret(), created.secret()));
        webhooks.test(board.admin, board.boardId, id);
        dispatcher(both).runOnce();
        assertEquals(1, both.calls.get());
        assertTrue(both.bad.isEmpty(), both.bad.toString());
        board.clock.advance(Duration.ofHours(1));
        Receiver newOnly = new Receiver((i, a) -> new WebhookTransport.Outcome(200, "", Duration.ZERO),
                List.of(rotated.secret()));
        webhooks.test(board.admin, board.boardId, id);
        dispatcher(newOnly).runOnce();
        assertEquals(1, newOnly.calls.get());
        assertTrue(newOnly.bad.isEmpty(), newOnly.bad.toString());
        assertNull(webhooks.list(board.admin, board.boardId).get(0).previousSecretUntil());
        assertThrows(InvalidInputException.class, () -> webhooks.rotate(board.admin, board.boardId, id,
                Duration.ofDays(30)));
    }

    @Test
    void aSubscriptionFailingForTheConfiguredTimeIsDisabledWithTheReason() {
        Created created = subscribe(null);
        Receiver receiver = new Receiver((i, a) -> new WebhookTransport.Outcome(503, "overloaded", Duration.ZERO),
                List.of(created.secret()));
        WebhookDispatcher worker = dispatcher(receiver);
        board.create(board.admin, task("Never heard of"));
        Instant firstFailure = board.clock.instant();
        worker.runOnce();
        assertTrue(webhooks.list(board.admin, board.boardId).get(0).enabled());
        assertEquals(firstFailure, webhooks.list(board.admin, board.boardId).get(0).failingSince());
        for (int hour = 0; hour < 7; hour++) {
            board.clock.advance(Duration.ofHours(1));
            worker.runOnce();
        }
        WebhookView view = webhooks.list(board.admin, board.boardId).get(0);
        assertFalse(view.enabled());
        assertTrue(view.disabledReason().contains("HTTP 503") && view.disabledReason().contains(firstFailure.toString()),
                view.disabledReason());
        int calls = receiver.calls.get();
        board.create(board.admin, task("After the end"));
        board.clock.advance(Duration.ofHours(1));
        worker.runOnce();
        assertEquals(calls, receiver.calls.get(), "a disabled subscription is sent nothing");
        // enabled again by an admin: the reason goes, and what waited is sent
        WebhookView again = webhooks.change(board.admin, board.boardId, view.id(), new WebhookChange(Patch.unchanged(),
                Patch.unchanged(), Patch.unchanged(), Patch.to(true)));
        assertTrue(again.enabled());
        assertNull(again.disabledReason());
        worker.runOnce();
        assertTrue(receiver.calls.get() > calls);
        assertNoSecretLogged(created.secret());
    }

    @Test
    void theOutboxKeepsEventsNotYetFedToAnEnabledSubscription() {
        subscribe(null);
        board.create(board.admin, task("Kept"));
        long events = outbox().after(0, 1000).size();
        assertTrue(events > 0);
        board.clock.advance(Tasklane.DEFAULT_EVENT_RETENTION.plusDays(1));
        board.app.maintenance().sweep();
        assertEquals(events, outbox().after(0, 1000).size(), "kept: no delivery was made of them yet");
        Receiver receiver = new Receiver((i, a) -> new WebhookTransport.Outcome(200, "", Duration.ZERO), List.of());
        dispatcher(receiver).runOnce();
        board.app.maintenance().sweep();
        assertEquals(0, outbox().after(0, 1000).size(), "purged once fed");
    }

    @Test
    void aSlackSubscriptionGetsAReadableLineWithALinkForTheEventsAPersonCaresAbout() {
        Created created = webhooks.create(board.admin, board.boardId,
                new NewWebhook("https://hooks.slack.com/services/T/B/x", null, "team channel", "slack"));
        assertEquals("slack", created.webhook().preset());
        assertEquals(List.of("task.claim_expired", "task.completed", "task.done", "task.review_requested",
                "task.unclaimed"), created.webhook().events());
        String identifier = BoardFixture.id(board.create(board.admin, task("Review <me> & ship", "needs_review", true)));
        board.claim(board.alice, identifier);
        board.complete(board.alice, identifier);
        Receiver receiver = new Receiver((i, a) -> new WebhookTransport.Outcome(200, "ok", Duration.ZERO),
                List.of(created.secret()));
        dispatcher(receiver).runOnce();
        assertEquals(1, receiver.unique().size(), "the creation and the claim are not sent: " + receiver.unique());
        String body = receiver.unique().values().iterator().next();
        assertEquals("{\"text\":\"<https://tasklane.example/boards/" + board.boardId.value() + "/tasks/" + identifier
                + "|" + identifier + "> needs review\"}", body.replaceAll(" \\([^)]*\\)\"}$", "\"}"));
        assertThrows(InvalidInputException.class, () -> webhooks.create(board.admin, board.boardId,
                new NewWebhook("https://x.example.com/", null, "", "teams")));
    }

    @Test
    void aQuietBoardsCursorFollowsTheOutbox() {
        long id = subscribe(List.of("task.done")).webhook().id();
        board.create(board.admin, task("Not wanted"));
        Receiver receiver = new Receiver((i, a) -> new WebhookTransport.Outcome(200, "", Duration.ZERO), List.of());
        dispatcher(receiver).runOnce();
        assertEquals(0, receiver.calls.get(), "filtered out");
        assertEquals(outbox().lastId(), tx(() -> store().subscription(id)).orElseThrow().cursor());
    }

    @Test
    void onlyTheBoardsOwnersAndAdminsManageItsWebhooksAndBadInputIsRefused() {
        NewWebhook body = new NewWebhook("https://hooks.example.com/x", null, "");
        assertThrows(ForbiddenException.class, () -> webhooks.create(board.alice, board.boardId, body));
        assertThrows(ForbiddenException.class, () -> webhooks.list(board.reader, board.boardId));
        long id = subscribe(null).webhook().id();
        assertThrows(ForbiddenException.class, () -> webhooks.rotate(board.alice, board.boardId, id, null));
        assertThrows(ForbiddenException.class, () -> webhooks.deliveries(board.bob, board.boardId, id, 10));
        assertThrows(NotFoundException.class, () -> webhooks.delete(board.admin, board.boardId, id + 1000));
        assertThrows(InvalidInputException.class, () -> webhooks.create(board.admin, board.boardId,
                new NewWebhook("ftp://x.example.com/", null, "")));
        assertThrows(InvalidInputException.class, () -> webhooks.create(board.admin, board.boardId,
                new NewWebhook("https://x.example.com/", List.of("task.nope"), "")));
        assertThrows(InvalidInputException.class, () -> webhooks.create(board.admin, board.boardId,
                new NewWebhook("https://x.example.com/", null, "d".repeat(WebhookSubscription.MAX_DESCRIPTION + 1))));
        for (int i = webhooks.list(board.admin, board.boardId).size(); i < WebhooksUseCase.MAX_PER_BOARD; i++) {
            subscribe(null);
        }
        assertThrows(dev.tasklane.domain.error.ConflictException.class, () -> subscribe(null));
        webhooks.delete(board.admin, board.boardId, id);
        assertThrows(NotFoundException.class, () -> webhooks.deliveries(board.admin, board.boardId, id, 10));
        assertEquals(EventFilter.KNOWN.size(), EventFilter.of(List.copyOf(EventFilter.KNOWN)).types().size());
    }

    @Test
    void everyManagementActLeavesAnAuditEntryWithoutTheSecret() {
        Created created = subscribe(List.of("task.created"));
        long id = created.webhook().id();
        webhooks.change(board.admin, board.boardId, id, new WebhookChange(Patch.unchanged(), Patch.to(null),
                Patch.to("every event"), Patch.to(false)));
        Created rotated = webhooks.rotate(board.admin, board.boardId, id, Duration.ofMinutes(5));
        webhooks.delete(board.admin, board.boardId, id);
        assertThrows(ForbiddenException.class, () -> webhooks.create(board.alice, board.boardId,
                new NewWebhook("https://hooks.example.com/refused", null, "")));

        List<AuditEntry> entries = board.app.audit().read(board.admin, AuditFilter.none().withLimit(200)).entries()
                .stream().filter(entry -> AUDITED.contains(entry.action())).toList();
        assertEquals(List.of(AuditAction.WEBHOOK_DELETED, AuditAction.WEBHOOK_SECRET_ROTATED,
                AuditAction.WEBHOOK_CHANGED, AuditAction.WEBHOOK_CREATED),
                entries.stream().map(AuditEntry::action).toList(), "newest first; a refusal leaves none");
        for (AuditEntry entry : entries) {
            assertEquals(board.boardId, entry.boardId());
            assertEquals(new AuditEntry.Target(AuditEntry.Target.WEBHOOK, Long.toString(id)), entry.target());
            assertEquals(board.admin.user().id(), entry.userId());
            for (String secret : List.of(created.secret(), rotated.secret())) {
                assertFalse(entry.toString().contains(secret.substring("whsec_".length())), entry.toString());
            }
        }
        assertEquals("url: https://hooks.example.com/in, events: task.created, preset: standard",
                entries.get(3).detail());
        assertEquals("events: all, description, disabled", entries.get(2).detail());
        assertEquals("overlap_seconds: 300", entries.get(1).detail());
        assertEquals("url: https://hooks.example.com/in", entries.get(0).detail());
    }

    private WebhookDispatcher dispatcher(WebhookTransport transport) {
        return board.app.webhookDispatcher(transport, Runnable::run).orElseThrow();
    }

    private void assertNoSecretLogged(String secret) {
        String key = secret.substring("whsec_".length());
        synchronized (logged) {
            for (String line : logged) {
                assertFalse(line.contains(key), "logged the secret: " + line);
            }
        }
    }

    private static long eventId(String body) {
        Matcher m = Pattern.compile("\"event_id\":(\\d+)").matcher(body);
        assertTrue(m.find(), body);
        return Long.parseLong(m.group(1));
    }

    private static String field(String body, String name) {
        Matcher m = Pattern.compile("\"" + name + "\":\"([^\"]*)\"").matcher(body);
        assertTrue(m.find(), body);
        return m.group(1);
    }

    /**
     * A receiver behind a scripted transport: answers as {@code script} says for the n-th attempt of a message,
     * checks every signature with the JDK's HMAC against {@code secrets} (every one must have signed), and
     * de-duplicates the accepted messages by {@code webhook-id}.
     */
    public static final class Receiver implements WebhookTransport {
        public final AtomicInteger calls = new AtomicInteger();
        public final List<String> bad = Collections.synchronizedList(new ArrayList<>());
        private final Map<String, AtomicInteger> attempts = new ConcurrentHashMap<>();
        private final Map<String, String> accepted = Collections.synchronizedMap(new LinkedHashMap<>());
        private final BiFunction<String, Integer, Outcome> script;
        private final List<String> secrets;

        public Receiver(BiFunction<String, Integer, Outcome> script, List<String> secrets) {
            this.script = script;
            this.secrets = secrets;
        }

        public Map<String, String> unique() {
            synchronized (accepted) {
                return new LinkedHashMap<>(accepted);
            }
        }

        @Override
        public Outcome post(URI url, Map<String, String> headers, byte[] body) {
            calls.incrementAndGet();
            String id = headers.get("webhook-id");
            String timestamp = headers.get("webhook-timestamp");
            List<String> signatures = List.of(headers.get("webhook-signature").split(" "));
            for (String secret : secrets) {
                String expected = sign(secret, id, timestamp, body);
                if (!signatures.contains(expected)) {
                    bad.add(id + " not signed by one of the secrets: " + signatures);
                }
            }
            if (!secrets.isEmpty() && signatures.size() != secrets.size()) {
                bad.add(id + " carries " + signatures.size() + " signatures, expected " + secrets.size());
            }
            Outcome outcome = script.apply(id, attempts.computeIfAbsent(id, k -> new AtomicInteger()).incrementAndGet());
            if (outcome.status() != null && outcome.status() / 100 == 2) {
                accepted.putIfAbsent(id, new String(body, StandardCharsets.UTF_8));
            }
            return outcome;
        }

        private static String sign(String secret, String id, String timestamp, byte[] body) {
            try {
                Mac mac = Mac.getInstance("HmacSHA256");
                mac.init(new SecretKeySpec(Base64.getDecoder().decode(secret.substring(6)), "HmacSHA256"));
                mac.update((id + "." + timestamp + ".").getBytes(StandardCharsets.UTF_8));
                return "v1," + Base64.getEncoder().encodeToString(mac.doFinal(body));
            } catch (java.security.GeneralSecurityException e) {
                throw new IllegalStateException(e);
            }
        }
    }

}
