package dev.tasklane.application.service;

import dev.tasklane.application.port.in.TaskEvent;
import dev.tasklane.application.port.out.EventOutbox;
import dev.tasklane.application.port.out.Transactions;
import dev.tasklane.application.port.out.WebhookDeliveries;
import dev.tasklane.application.port.out.WebhookSubscriptions;
import dev.tasklane.application.port.out.WebhookTransport;
import dev.tasklane.application.port.out.WebhookTransport.Outcome;
import dev.tasklane.domain.webhook.WebhookDelivery;
import dev.tasklane.domain.webhook.WebhookDelivery.Attempt;
import dev.tasklane.domain.webhook.WebhookSignature;
import dev.tasklane.domain.webhook.WebhookSubscription;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The delivery worker of webhooks (docs/operations.md, "Webhooks"). Each {@link #runOnce} does two things:
 *
 * <ol>
 *   <li><b>Feed.</b> For each enabled subscription it reads the board's outbox events above the subscription's
 *   cursor, in the outbox's order, and stores one delivery per wanted event while moving the cursor past them, in one
 *   transaction conditional on the cursor it read ({@link WebhookSubscriptions#advance}). A crash loses nothing: the
 *   events stay in the outbox until the cursor passes them; a restarted server, or another one, goes on from the cursor;
 *   two servers feeding at once store each delivery once, as the second one's cursor no longer matches.</li>
 *   <li><b>Send.</b> It leases due deliveries one by one ({@link WebhookDeliveries#lease}, conditional, as a claim is),
 *   sends each outside any transaction, after every commit, through the {@link WebhookTransport}, signed by every
 *   secret that signs now, and records the attempt if it still holds the lease. A failure is tried again on the
 *   {@link WebhookSettings#retries()} schedule; a subscription failing for {@link WebhookSettings#disableAfter()} is
 *   disabled with the reason. A server that dies while sending leaves the lease to expire, and the delivery is sent
 *   again: at least once, with the same {@code webhook-id}, so a receiver de-duplicates.</li>
 * </ol>
 *
 * <p>Nothing here runs on the thread of a use case: a slow or dead receiver never slows a claim or a completion.
 */
public final class WebhookDispatcher {
    private static final System.Logger LOG = System.getLogger(WebhookDispatcher.class.getName());
    private static final int FEED_BATCH = 500;
    private static final int SUBSCRIPTIONS_PER_RUN = 1000;
    private static final int PRUNE_BATCH = 1000;
    private static final Duration PRUNE_EVERY = Duration.ofMinutes(1);

    private final Transactions transactions;
    private final WebhookSubscriptions subscriptionStore;
    private final WebhookDeliveries deliveryStore;
    private final EventOutbox outbox;
    private final WebhookBodies bodies;
    private final WebhookTransport transport;
    private final WebhookSettings settings;
    private final Clock clock;
    private final Executor senders;
    private final String owner = "server-" + UUID.randomUUID();
    private final AtomicLong delivered = new AtomicLong();
    private final AtomicLong failedAttempts = new AtomicLong();
    private final AtomicLong givenUp = new AtomicLong();
    private volatile Instant lastPrune = Instant.MIN;

    WebhookDispatcher(Transactions transactions, WebhookSubscriptions subscriptionStore,
                      WebhookDeliveries deliveryStore, EventOutbox outbox, WebhookBodies bodies,
                      WebhookTransport transport, WebhookSettings settings, Clock clock, Executor senders) {
        this.transactions = transactions;
        this.subscriptionStore = subscriptionStore;
        this.deliveryStore = deliveryStore;
        this.outbox = outbox;
        this.bodies = bodies;
        this.transport = transport;
        this.settings = settings;
        this.clock = clock;
        this.senders = senders;
    }

    /** What this server's worker did since it started, and what waits in the store. */
    public record Stats(long delivered, long failedAttempts, long givenUp, long pending, Duration oldestPendingAge) {
    }

    /** Feeds, then sends what is due; answers how many deliveries this run attempted. */
    public int runOnce() {
        feed();
        int sent = send();
        Instant now = clock.instant();
        if (!now.isBefore(lastPrune.plus(PRUNE_EVERY))) {
            lastPrune = now;
            transactions.inTransaction(() -> deliveryStore.prune(now.minus(settings.logRetention()), PRUNE_BATCH));
        }
        return sent;
    }

    public Stats stats() {
        return transactions.inTransaction(() -> {
            Optional<Instant> oldest = deliveryStore.oldestPending();
            Duration age = oldest.map(at -> Duration.between(at, clock.instant())).filter(d -> !d.isNegative())
                    .orElse(Duration.ZERO);
            return new Stats(delivered.get(), failedAttempts.get(), givenUp.get(), deliveryStore.pendingCount(), age);
        });
    }

    /** This server's name in the leases it takes. */
    public String owner() {
        return owner;
    }

    void feed() {
        List<WebhookSubscription> subscriptions =
                transactions.inTransaction(() -> subscriptionStore.enabled(SUBSCRIPTIONS_PER_RUN));
        for (WebhookSubscription subscription : subscriptions) {
            // read first: every event up to it that is of this board is in the answer below (the outbox's promise)
            long readable = outbox.lastId();
            List<TaskEvent> events = outbox.after(subscription.boardId(), subscription.cursor(), FEED_BATCH);
            // a quiet board's cursor moves up with the outbox, so that it holds back no other board's retention
            long next = events.size() < FEED_BATCH ? readable : events.get(events.size() - 1).sequence();
            if (!events.isEmpty()) {
                next = Math.max(next, events.get(events.size() - 1).sequence());
            }
            if (next <= subscription.cursor()) {
                continue;
            }
            Instant now = clock.instant();
            List<WebhookDelivery> deliveries = new ArrayList<>();
            for (TaskEvent event : events) {
                if (subscription.events().wants(event.type())) {
                    deliveries.add(WebhookDelivery.pending(subscription.id(), messageId(subscription.id(), event.sequence()),
                            event.sequence(), event.type(), bodies.of(event, subscription.preset()), now));
                }
            }
            long to = next;
            transactions.inTransaction(
                    () -> subscriptionStore.advance(subscription.id(), subscription.cursor(), to, deliveries));
        }
    }

    /** The {@code webhook-id} of an event's delivery to a subscription: the same on every attempt and every server. */
    static String messageId(long subscriptionId, long eventId) {
        return "msg_" + subscriptionId + "_" + eventId;
    }

    private int send() {
        Instant now = clock.instant();
        List<WebhookDelivery> due = transactions.inTransaction(() -> deliveryStore.due(now, settings.batch()));
        List<CompletableFuture<Void>> running = new ArrayList<>();
        for (WebhookDelivery delivery : due) {
            boolean held = transactions.inTransaction(() ->
                    deliveryStore.lease(delivery.id(), owner, now, now.plus(settings.lease())));
            if (held) {
                running.add(CompletableFuture.runAsync(() -> attempt(delivery), senders));
            }
        }
        for (CompletableFuture<Void> one : running) {
            try {
                one.join();
            } catch (java.util.concurrent.CompletionException failed) {
                LOG.log(System.Logger.Level.WARNING, "a webhook attempt failed unexpectedly: " + failed.getCause());
            }
        }
        return running.size();
    }

    private void attempt(WebhookDelivery delivery) {
        Optional<WebhookSubscription> found =
                transactions.inTransaction(() -> subscriptionStore.subscription(delivery.subscriptionId()));
        if (found.isEmpty() || !found.get().enabled()) {
            return;
        }
        WebhookSubscription subscription = found.get();
        Instant sentAt = clock.instant();
        long timestamp = sentAt.getEpochSecond();
        byte[] body = delivery.body().getBytes(StandardCharsets.UTF_8);
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("content-type", "application/json");
        headers.put("user-agent", "Tasklane-Webhooks/1");
        headers.put("webhook-id", delivery.messageId());
        headers.put("webhook-timestamp", Long.toString(timestamp));
        headers.put("webhook-signature", WebhookSignature.header(subscription.signingSecrets(sentAt),
                delivery.messageId(), timestamp, body));
        Outcome outcome = transport.post(subscription.url(), headers, body);
        Attempt attempt = new Attempt(sentAt, outcome.latency().toMillis(), outcome.status(), outcome.response());
        Instant retryAt = null;
        if (!attempt.succeeded()) {
            retryAt = settings.retries().next(delivery.attempts() + 1, delivery.createdAt(), clock.instant(),
                    ThreadLocalRandom.current().nextDouble()).orElse(null);
        }
        WebhookDelivery after = delivery.after(attempt, retryAt);
        String why = outcome.status() != null ? "HTTP " + outcome.status() : String.valueOf(outcome.response());
        transactions.inTransaction(() -> {
            if (!deliveryStore.record(after, owner)) {
                return null;
            }
            WebhookSubscription fresh = subscriptionStore.subscription(subscription.id()).orElse(null);
            if (fresh == null) {
                return null;
            }
            if (attempt.succeeded()) {
                if (fresh.failingSince() != null) {
                    subscriptionStore.health(fresh.id(), null, false, null);
                }
            } else {
                WebhookSubscription failing = fresh.failed(clock.instant(), why, settings.disableAfter());
                subscriptionStore.health(fresh.id(), failing.failingSince(), fresh.enabled() && !failing.enabled(),
                        failing.disabledReason());
                if (fresh.enabled() && !failing.enabled()) {
                    LOG.log(System.Logger.Level.WARNING, "webhook subscription " + fresh.id() + " of board "
                            + fresh.boardId().value() + " disabled: " + failing.disabledReason());
                }
            }
            return null;
        });
        if (attempt.succeeded()) {
            delivered.incrementAndGet();
        } else {
            failedAttempts.incrementAndGet();
            if (retryAt == null) {
                givenUp.incrementAndGet();
            }
        }
    }
}
