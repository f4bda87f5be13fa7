package dev.tasklane.application.service;

import dev.tasklane.domain.agent.Actor;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.id.TaskId;
import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.validation.Limit;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The tasks {@code next} recently answered, and to whom: a short-lived offer (docs/rules.md, "Offers made by
 * next"). Agents that call {@code next} together are handed different tasks, so that their claims do not
 * collide and send all but one back to {@code next} with a 409. An offer is a hint kept by this server process
 * only: it is never written to the store, it never refuses a claim, and a caller whose only eligible tasks are
 * offered to others is still handed one of them.
 *
 * <p>A caller is a user, the API token it authenticated with and the agent name it gave (null when none): agents
 * sharing one token are told apart by their names. A request without a name is the token's and matches any name
 * on it, so that an agent that asks {@code next} without its name (as Stride's clients do) and then claims with
 * it finds its own offer. A name over its cap ({@code Limit.AGENT_NAME}) counts as none, so that the offers kept
 * stay small.
 * Offers are taken atomically, so two callers of this process never hold the same one. Expired offers are
 * dropped as new ones are made, once there are more than {@link #PURGE_ABOVE} or twice as many as the last purge
 * kept (so that many live offers do not make every offer walk them all): the map stays within about twice the
 * number of {@code next} answers in one offer window.
 *
 * <p>A claim does not withdraw the offer of the task it takes: it would do so before its commit, and another
 * caller's {@code next} reading the task as still open meanwhile would be handed it, to lose the claim. The
 * offer lapses by itself; a claimed task is no longer eligible anyway.
 */
final class NextOffers {
    /** Above this many offers, making one first drops the expired ones. */
    static final int PURGE_ABOVE = 1_024;

    private record Key(BoardId boardId, TaskId taskId) {
    }

    private record OfferedTo(UserId userId, Long tokenId, String agentName) {
        static OfferedTo of(Actor actor, String agentName) {
            boolean named = agentName != null && !agentName.isBlank()
                    && agentName.codePointCount(0, agentName.length()) <= Limit.AGENT_NAME.max();
            return new OfferedTo(actor.userId(), actor.tokenId(), named ? agentName : null);
        }

        /** The same user and token, and the same name unless one of the two gave none. */
        boolean sameAs(OfferedTo other) {
            return userId.equals(other.userId) && Objects.equals(tokenId, other.tokenId)
                    && (agentName == null || other.agentName == null || agentName.equals(other.agentName));
        }
    }

    private record Offer(OfferedTo caller, Instant until) {
        boolean liveAt(Instant now) {
            return now.isBefore(until);
        }
    }

    private final Duration window;
    private final Map<Key, Offer> offers = new ConcurrentHashMap<>();
    /** The size past which the next offer purges; racing updates of it only move a purge by a few offers. */
    private volatile int purgeAbove = PURGE_ABOVE;

    /** @param window how long an offer holds; zero turns offers off ({@code next} answers by queue order alone) */
    NextOffers(Duration window) {
        Objects.requireNonNull(window, "window");
        if (window.isNegative()) {
            throw new IllegalArgumentException("the offer window cannot be negative, got " + window);
        }
        this.window = window;
    }

    /**
     * Offers the task to the caller unless another caller holds a live offer of it; answers whether the caller
     * now holds it. Asking again for a task it holds renews the offer.
     */
    boolean offer(Actor actor, String agentName, BoardId boardId, TaskId taskId, Instant now) {
        if (window.isZero()) {
            return true;
        }
        if (offers.size() > purgeAbove) {
            offers.values().removeIf(offer -> !offer.liveAt(now));
            purgeAbove = Math.max(PURGE_ABOVE, 2 * offers.size());
        }
        OfferedTo caller = OfferedTo.of(actor, agentName);
        Offer mine = new Offer(caller, now.plus(window));
        Offer held = offers.merge(new Key(boardId, taskId), mine,
                (current, asked) -> current.liveAt(now) && !current.caller().sameAs(caller) ? current : asked);
        return held == mine;
    }

    /** How many offers are kept, live or expired and not yet dropped. */
    int kept() {
        return offers.size();
    }

    /** Whether another caller holds a live offer of the task. */
    boolean offeredToAnother(Actor actor, String agentName, BoardId boardId, TaskId taskId, Instant now) {
        Offer offer = offers.get(new Key(boardId, taskId));
        return offer != null && offer.liveAt(now) && !offer.caller().sameAs(OfferedTo.of(actor, agentName));
    }
}
