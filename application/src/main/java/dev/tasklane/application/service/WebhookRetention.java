package dev.tasklane.application.service;

import dev.tasklane.application.port.in.TaskEvent;
import dev.tasklane.application.port.out.EventOutbox;
import dev.tasklane.application.port.out.WebhookSubscriptions;
import dev.tasklane.domain.id.BoardId;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.OptionalLong;

/**
 * The outbox as the sweeper purges it when webhooks are on: an event not yet turned into the deliveries of an
 * enabled subscription (numbered above the lowest enabled cursor) is kept past the retention. The purge's cutoff is
 * moved before the first such event's time, less {@link #MARGIN}, since events are numbered in commit order but
 * stamped when their transaction ran.
 */
final class WebhookRetention implements EventOutbox {
    static final Duration MARGIN = Duration.ofHours(1);

    private final EventOutbox outbox;
    private final WebhookSubscriptions webhooks;

    WebhookRetention(EventOutbox outbox, WebhookSubscriptions webhooks) {
        this.outbox = outbox;
        this.webhooks = webhooks;
    }

    @Override
    public int purgeBefore(Instant cutoff, int limit) {
        return outbox.purgeBefore(cutoff(cutoff), limit);
    }

    Instant cutoff(Instant cutoff) {
        OptionalLong lowest = webhooks.lowestEnabledCursor();
        if (lowest.isEmpty()) {
            return cutoff;
        }
        List<TaskEvent> next = outbox.after(lowest.getAsLong(), 1);
        if (next.isEmpty()) {
            return cutoff;
        }
        Instant keep = next.get(0).at().minus(MARGIN);
        return keep.isBefore(cutoff) ? keep : cutoff;
    }

    @Override
    public List<TaskEvent> append(List<TaskEvent> events) {
        return outbox.append(events);
    }

    @Override
    public List<TaskEvent> appendLast(List<TaskEvent> events) {
        return outbox.appendLast(events);
    }

    @Override
    public List<TaskEvent> after(long afterId, int limit) {
        return outbox.after(afterId, limit);
    }

    @Override
    public List<TaskEvent> after(BoardId boardId, long afterId, int limit) {
        return outbox.after(boardId, afterId, limit);
    }

    @Override
    public long lastId() {
        return outbox.lastId();
    }

    @Override
    public long heldBack() {
        return outbox.heldBack();
    }

    @Override
    public Duration oldestWriter() {
        return outbox.oldestWriter();
    }
}
