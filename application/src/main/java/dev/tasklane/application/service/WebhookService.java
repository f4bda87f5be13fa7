package dev.tasklane.application.service;

import dev.tasklane.application.port.in.WebhooksUseCase;
import dev.tasklane.application.port.out.BoardStore;
import dev.tasklane.application.port.out.MembershipStore;
import dev.tasklane.application.port.out.EventOutbox;
import dev.tasklane.application.port.out.Transactions;
import dev.tasklane.application.port.out.WebhookDeliveries;
import dev.tasklane.application.port.out.WebhookSubscriptions;
import dev.tasklane.domain.agent.Actor;
import dev.tasklane.domain.audit.AuditAction;
import dev.tasklane.domain.error.ConflictException;
import dev.tasklane.domain.error.NotFoundException;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.webhook.EventFilter;
import dev.tasklane.domain.webhook.WebhookAddress;
import dev.tasklane.domain.webhook.WebhookDelivery;
import dev.tasklane.domain.webhook.WebhookPreset;
import dev.tasklane.domain.webhook.WebhookSecret;
import dev.tasklane.domain.webhook.WebhookSubscription;

import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/** A board's webhook subscriptions, one transaction each; the board's owners and admins only. */
final class WebhookService implements WebhooksUseCase {
    private static final AtomicLong TESTS = new AtomicLong();

    private final Transactions transactions;
    private final BoardStore boardStore;
    private final MembershipStore membershipStore;
    private final WebhookSubscriptions subscriptionStore;
    private final WebhookDeliveries deliveryStore;
    private final EventOutbox outbox;
    private final WebhookBodies bodies;
    private final Clock clock;
    private final AuditTrail audit;

    WebhookService(Transactions transactions, BoardStore boardStore, MembershipStore membershipStore,
                   WebhookSubscriptions subscriptionStore,
                   WebhookDeliveries deliveryStore, EventOutbox outbox, WebhookBodies bodies, Clock clock,
                   AuditTrail audit) {
        this.audit = audit;
        this.transactions = transactions;
        this.boardStore = boardStore;
        this.membershipStore = membershipStore;
        this.subscriptionStore = subscriptionStore;
        this.deliveryStore = deliveryStore;
        this.outbox = outbox;
        this.bodies = bodies;
        this.clock = clock;
    }

    @Override
    public Created create(Actor actor, BoardId boardId, NewWebhook webhook) {
        URI url = WebhookAddress.url(webhook.url());
        WebhookPreset preset = webhook.preset() == null ? WebhookPreset.STANDARD
                : WebhookPreset.ofCode(webhook.preset()).orElseThrow(() -> IdentityRules.invalid("preset",
                        "must be standard or slack"));
        EventFilter events = webhook.events() == null ? preset.defaultEvents() : EventFilter.of(webhook.events());
        String description = WebhookSubscription.description(webhook.description());
        WebhookSecret secret = WebhookSecret.generate();
        return transactions.inTransaction(() -> {
            administer(actor, boardId);
            if (subscriptionStore.subscriptions(boardId).size() >= MAX_PER_BOARD) {
                throw new ConflictException("too_many_webhooks", "A board holds at most " + MAX_PER_BOARD
                        + " webhook subscriptions; delete one first");
            }
            // from the next event on: the outbox's numbering never goes back, so nothing before this is sent
            WebhookSubscription made = subscriptionStore.subscribe(new WebhookSubscription(0, boardId, url, events,
                    description, secret, null, null, true, null, null, outbox.lastId(), clock.instant(), preset));
            audit.webhook(actor, AuditAction.WEBHOOK_CREATED, boardId, made.id(), describe(made));
            return new Created(view(made, clock.instant()), secret.reveal());
        });
    }

    @Override
    public List<WebhookView> list(Actor actor, BoardId boardId) {
        return transactions.inTransaction(() -> {
            administer(actor, boardId);
            Instant now = clock.instant();
            return subscriptionStore.subscriptions(boardId).stream().map(s -> view(s, now)).toList();
        });
    }

    @Override
    public WebhookView change(Actor actor, BoardId boardId, long webhookId, WebhookChange change) {
        URI url = change.url().isSent() ? WebhookAddress.url(change.url().orElse(null)) : null;
        EventFilter events = change.events().isSent() ? EventFilter.of(change.events().orElse(null)) : null;
        String description = change.description().isSent()
                ? WebhookSubscription.description(change.description().orElse(null)) : null;
        Boolean enabled = change.enabled().isSent() ? change.enabled().orElse(null) : null;
        if (change.enabled().isSent() && enabled == null) {
            throw IdentityRules.invalid("enabled", "must be true or false");
        }
        return transactions.inTransaction(() -> {
            WebhookSubscription current = find(actor, boardId, webhookId);
            WebhookSubscription next = current.changed(url, events, description, enabled);
            subscriptionStore.save(next);
            audit.webhook(actor, AuditAction.WEBHOOK_CHANGED, boardId, webhookId, changes(current, next));
            return view(next, clock.instant());
        });
    }

    @Override
    public void delete(Actor actor, BoardId boardId, long webhookId) {
        transactions.inTransaction(() -> {
            WebhookSubscription gone = find(actor, boardId, webhookId);
            subscriptionStore.delete(webhookId);
            audit.webhook(actor, AuditAction.WEBHOOK_DELETED, boardId, webhookId, "url: " + gone.url());
            return null;
        });
    }

    @Override
    public Created rotate(Actor actor, BoardId boardId, long webhookId, Duration overlap) {
        if (overlap != null && (overlap.isNegative() || overlap.compareTo(WebhookSubscription.MAX_OVERLAP) > 0)) {
            throw IdentityRules.invalid("overlap_seconds", "must be between 0 and "
                    + WebhookSubscription.MAX_OVERLAP.toSeconds());
        }
        WebhookSecret next = WebhookSecret.generate();
        return transactions.inTransaction(() -> {
            WebhookSubscription current = find(actor, boardId, webhookId);
            Instant now = clock.instant();
            WebhookSubscription rotated = current.rotated(next, now, overlap == null ? DEFAULT_OVERLAP : overlap);
            subscriptionStore.save(rotated);
            audit.webhook(actor, AuditAction.WEBHOOK_SECRET_ROTATED, boardId, webhookId, "overlap_seconds: "
                    + (overlap == null ? DEFAULT_OVERLAP : overlap).toSeconds());
            return new Created(view(rotated, now), next.reveal());
        });
    }

    @Override
    public WebhookDelivery test(Actor actor, BoardId boardId, long webhookId) {
        return transactions.inTransaction(() -> {
            WebhookSubscription subscription = find(actor, boardId, webhookId);
            Instant now = clock.instant();
            String id = "msg_" + subscription.id() + "_test_" + now.toEpochMilli() + "_" + TESTS.incrementAndGet();
            return deliveryStore.add(WebhookDelivery.pending(subscription.id(), id, 0, WebhookBodies.TEST_TYPE,
                    bodies.test(boardId, now, subscription.preset()), now));
        });
    }

    @Override
    public List<WebhookDelivery> deliveries(Actor actor, BoardId boardId, long webhookId, int limit) {
        return transactions.inTransaction(() -> {
            find(actor, boardId, webhookId);
            return deliveryStore.deliveries(webhookId, Math.max(1, Math.min(limit, MAX_DELIVERIES)));
        });
    }

    @Override
    public WebhookDelivery resend(Actor actor, BoardId boardId, long webhookId, long deliveryId) {
        return transactions.inTransaction(() -> {
            find(actor, boardId, webhookId);
            WebhookDelivery delivery = deliveryStore.delivery(deliveryId).filter(d -> d.subscriptionId() == webhookId)
                    .orElseThrow(() -> new NotFoundException("delivery_not_found", "Delivery not found"));
            deliveryStore.resend(deliveryId, clock.instant());
            return deliveryStore.delivery(delivery.id()).orElseThrow();
        });
    }

    /** A new subscription as the audit log shows it: where it sends and what, never its secret. */
    private static String describe(WebhookSubscription s) {
        return "url: " + s.url() + ", events: " + (s.events().sorted().isEmpty() ? "all"
                : String.join(" ", s.events().sorted())) + ", preset: " + s.preset().code();
    }

    /** What a change changed, as {@code field: before -> after}; the description only by name. */
    private static String changes(WebhookSubscription before, WebhookSubscription after) {
        List<String> parts = new java.util.ArrayList<>();
        if (!before.url().equals(after.url())) {
            parts.add("url: " + before.url() + " -> " + after.url());
        }
        if (!before.events().sorted().equals(after.events().sorted())) {
            parts.add("events: " + (after.events().sorted().isEmpty() ? "all" : String.join(" ", after.events().sorted())));
        }
        if (!java.util.Objects.equals(before.description(), after.description())) {
            parts.add("description");
        }
        if (before.enabled() != after.enabled()) {
            parts.add(after.enabled() ? "enabled" : "disabled");
        }
        return parts.isEmpty() ? "nothing" : String.join(", ", parts);
    }

    private WebhookSubscription find(Actor actor, BoardId boardId, long webhookId) {
        administer(actor, boardId);
        return subscriptionStore.subscription(webhookId).filter(s -> s.boardId().equals(boardId))
                .orElseThrow(() -> new NotFoundException("webhook_not_found", "Webhook not found"));
    }

    private void administer(Actor actor, BoardId boardId) {
        IdentityRules.administer(boardStore, membershipStore, actor, boardId,
                "Only the board's owners or an admin manage its webhooks");
    }

    static WebhookView view(WebhookSubscription s, Instant now) {
        Instant previousUntil = s.previousSecret() != null && s.previousUntil() != null && now.isBefore(s.previousUntil())
                ? s.previousUntil() : null;
        return new WebhookView(s.id(), s.boardId(), s.url(), s.events().sorted(), s.description(), s.enabled(),
                s.disabledReason(), s.failingSince(), s.createdAt(), previousUntil, s.preset().code());
    }
}
