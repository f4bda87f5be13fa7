package dev.tasklane.adapter.inmemory;

import dev.tasklane.application.port.out.WebhookStore;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.webhook.WebhookDelivery;
import dev.tasklane.domain.webhook.WebhookDelivery.State;
import dev.tasklane.domain.webhook.WebhookSubscription;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.TreeMap;

/**
 * Webhook subscriptions and deliveries in memory, journaled in the shared {@link InMemoryTransactions} like every
 * other write; the store-wide lock makes the conditional writes ({@link #advance}, {@link #lease}, {@link #record})
 * atomic.
 */
public final class InMemoryWebhookStore implements WebhookStore {
    private final InMemoryTransactions transactions;
    private final TreeMap<Long, WebhookSubscription> subscriptions = new TreeMap<>();
    private final TreeMap<Long, WebhookDelivery> deliveries = new TreeMap<>();
    private long lastSubscription;
    private long lastDelivery;

    public InMemoryWebhookStore(InMemoryTransactions transactions) {
        this.transactions = Objects.requireNonNull(transactions, "transactions");
    }

    @Override
    public WebhookSubscription subscribe(WebhookSubscription subscription) {
        return transactions.inTransaction(() -> {
            long before = lastSubscription;
            transactions.onRollback(() -> lastSubscription = before);
            WebhookSubscription stored = withId(subscription, ++lastSubscription);
            putSubscription(stored);
            return stored;
        });
    }

    @Override
    public Optional<WebhookSubscription> subscription(long id) {
        return transactions.inTransaction(() -> Optional.ofNullable(subscriptions.get(id)));
    }

    @Override
    public List<WebhookSubscription> subscriptions(BoardId boardId) {
        return transactions.inTransaction(() -> subscriptions.values().stream()
                .filter(s -> s.boardId().equals(boardId)).toList());
    }

    @Override
    public List<WebhookSubscription> enabled(int limit) {
        return transactions.inTransaction(() -> subscriptions.values().stream().filter(WebhookSubscription::enabled)
                .limit(limit).toList());
    }

    @Override
    public boolean save(WebhookSubscription subscription) {
        return transactions.inTransaction(() -> {
            WebhookSubscription current = subscriptions.get(subscription.id());
            if (current == null) {
                return false;
            }
            putSubscription(subscription.withCursor(current.cursor()));
            return true;
        });
    }

    @Override
    public void health(long subscriptionId, Instant failingSince, boolean disable, String reason) {
        transactions.inTransaction(() -> {
            WebhookSubscription s = subscriptions.get(subscriptionId);
            if (s != null) {
                putSubscription(new WebhookSubscription(s.id(), s.boardId(), s.url(), s.events(), s.description(),
                        s.secret(), s.previousSecret(), s.previousUntil(), s.enabled() && !disable,
                        disable ? reason : s.disabledReason(), failingSince, s.cursor(), s.createdAt(), s.preset()));
            }
            return null;
        });
    }

    @Override
    public boolean delete(long id) {
        return transactions.inTransaction(() -> {
            WebhookSubscription gone = subscriptions.get(id);
            if (gone == null) {
                return false;
            }
            subscriptions.remove(id);
            transactions.onRollback(() -> subscriptions.put(id, gone));
            for (WebhookDelivery delivery : List.copyOf(deliveries.values())) {
                if (delivery.subscriptionId() == id) {
                    removeDelivery(delivery.id());
                }
            }
            return true;
        });
    }

    @Override
    public boolean advance(long subscriptionId, long expected, long next, List<WebhookDelivery> made) {
        return transactions.inTransaction(() -> {
            WebhookSubscription s = subscriptions.get(subscriptionId);
            if (s == null || s.cursor() != expected) {
                return false;
            }
            putSubscription(s.withCursor(next));
            made.forEach(this::addInside);
            return true;
        });
    }

    @Override
    public WebhookDelivery add(WebhookDelivery delivery) {
        return transactions.inTransaction(() -> addInside(delivery));
    }

    @Override
    public Optional<WebhookDelivery> delivery(long id) {
        return transactions.inTransaction(() -> Optional.ofNullable(deliveries.get(id)));
    }

    @Override
    public List<WebhookDelivery> deliveries(long subscriptionId, int limit) {
        return transactions.inTransaction(() -> deliveries.descendingMap().values().stream()
                .filter(d -> d.subscriptionId() == subscriptionId).limit(limit).toList());
    }

    @Override
    public List<WebhookDelivery> due(Instant now, int limit) {
        return transactions.inTransaction(() -> deliveries.values().stream()
                .filter(d -> d.state() == State.PENDING && !d.nextAttemptAt().isAfter(now) && free(d, now))
                .filter(d -> enabledSubscription(d.subscriptionId()))
                .sorted(Comparator.comparing(WebhookDelivery::nextAttemptAt).thenComparing(WebhookDelivery::id))
                .limit(limit).toList());
    }

    @Override
    public boolean lease(long id, String owner, Instant now, Instant until) {
        return transactions.inTransaction(() -> {
            WebhookDelivery d = deliveries.get(id);
            if (d == null || d.state() != State.PENDING || !free(d, now)) {
                return false;
            }
            putDelivery(new WebhookDelivery(d.id(), d.subscriptionId(), d.messageId(), d.eventId(), d.type(), d.body(),
                    d.state(), d.attempts(), d.createdAt(), d.lastAttemptAt(), d.lastStatus(), d.lastLatencyMillis(),
                    d.lastResponse(), d.deliveredAt(), d.nextAttemptAt(), owner, until));
            return true;
        });
    }

    @Override
    public boolean record(WebhookDelivery after, String owner) {
        return transactions.inTransaction(() -> {
            WebhookDelivery d = deliveries.get(after.id());
            if (d == null || !owner.equals(d.leaseOwner())) {
                return false;
            }
            putDelivery(new WebhookDelivery(d.id(), d.subscriptionId(), d.messageId(), d.eventId(), d.type(), d.body(),
                    after.state(), after.attempts(), d.createdAt(), after.lastAttemptAt(), after.lastStatus(),
                    after.lastLatencyMillis(), after.lastResponse(), after.deliveredAt(), after.nextAttemptAt(), null,
                    null));
            return true;
        });
    }

    @Override
    public boolean resend(long id, Instant now) {
        return transactions.inTransaction(() -> {
            WebhookDelivery d = deliveries.get(id);
            if (d == null) {
                return false;
            }
            putDelivery(d.resent(now));
            return true;
        });
    }

    @Override
    public OptionalLong lowestEnabledCursor() {
        return transactions.inTransaction(() -> subscriptions.values().stream().filter(WebhookSubscription::enabled)
                .mapToLong(WebhookSubscription::cursor).min());
    }

    @Override
    public long pendingCount() {
        return transactions.inTransaction(() -> deliveries.values().stream()
                .filter(d -> d.state() == State.PENDING && enabledSubscription(d.subscriptionId())).count());
    }

    @Override
    public Optional<Instant> oldestPending() {
        return transactions.inTransaction(() -> deliveries.values().stream()
                .filter(d -> d.state() == State.PENDING && enabledSubscription(d.subscriptionId()))
                .map(WebhookDelivery::createdAt).min(Comparator.naturalOrder()));
    }

    @Override
    public int prune(Instant cutoff, int limit) {
        return transactions.inTransaction(() -> {
            List<Long> old = new ArrayList<>();
            for (Map.Entry<Long, WebhookDelivery> entry : deliveries.entrySet()) {
                WebhookDelivery d = entry.getValue();
                if (old.size() < limit && d.state() != State.PENDING && d.createdAt().isBefore(cutoff)) {
                    old.add(entry.getKey());
                }
            }
            old.forEach(this::removeDelivery);
            return old.size();
        });
    }

    private boolean enabledSubscription(long id) {
        WebhookSubscription s = subscriptions.get(id);
        return s != null && s.enabled();
    }

    private static boolean free(WebhookDelivery d, Instant now) {
        return d.leaseUntil() == null || !d.leaseUntil().isAfter(now);
    }

    private WebhookDelivery addInside(WebhookDelivery delivery) {
        long before = lastDelivery;
        transactions.onRollback(() -> lastDelivery = before);
        WebhookDelivery d = delivery;
        WebhookDelivery stored = new WebhookDelivery(++lastDelivery, d.subscriptionId(), d.messageId(), d.eventId(),
                d.type(), d.body(), d.state(), d.attempts(), d.createdAt(), d.lastAttemptAt(), d.lastStatus(),
                d.lastLatencyMillis(), d.lastResponse(), d.deliveredAt(), d.nextAttemptAt(), d.leaseOwner(),
                d.leaseUntil());
        putDelivery(stored);
        return stored;
    }

    private void putSubscription(WebhookSubscription s) {
        WebhookSubscription previous = subscriptions.put(s.id(), s);
        transactions.onRollback(() -> {
            if (previous == null) {
                subscriptions.remove(s.id());
            } else {
                subscriptions.put(s.id(), previous);
            }
        });
    }

    private void putDelivery(WebhookDelivery d) {
        WebhookDelivery previous = deliveries.put(d.id(), d);
        transactions.onRollback(() -> {
            if (previous == null) {
                deliveries.remove(d.id());
            } else {
                deliveries.put(d.id(), previous);
            }
        });
    }

    private void removeDelivery(long id) {
        WebhookDelivery previous = deliveries.remove(id);
        if (previous != null) {
            transactions.onRollback(() -> deliveries.put(id, previous));
        }
    }

    private static WebhookSubscription withId(WebhookSubscription s, long id) {
        return new WebhookSubscription(id, s.boardId(), s.url(), s.events(), s.description(), s.secret(),
                s.previousSecret(), s.previousUntil(), s.enabled(), s.disabledReason(), s.failingSince(), s.cursor(),
                s.createdAt(), s.preset());
    }
}
