package dev.tasklane.application.port.out;

import dev.tasklane.application.port.in.TaskEvent;
import dev.tasklane.domain.id.BoardId;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * The durable log of task events (the outbox): every event is written in the same transaction as the change
 * it reports, and numbered by one increasing numbering per store, which may skip. Once an event with number
 * {@code n} can be read, no event numbered below {@code n} can become readable later, so a reader that has seen
 * everything up to {@code n} never needs to look below it again. That is what lets {@code Last-Event-ID} resume on
 * any server sharing the store.
 */
public interface EventOutbox {
    /**
     * Appends {@code events} to the log inside the caller's transaction and returns them numbered, in order.
     * The numbers become visible when, and only if, that transaction commits. Call it last in a unit of
     * work: an implementation may serialise appenders from this call until their commit.
     */
    List<TaskEvent> append(List<TaskEvent> events);

    /**
     * {@link #append}, called as the very end of a unit of work, after which nothing is written and nothing can
     * fail: when that unit of work is the whole transaction, an implementation may commit it with the append
     * (the JDBI store on PostgreSQL sends the {@code COMMIT} in the append's round trip, so appenders are serialised
     * for a round trip less). Inside a unit of work that joined an outer one it is {@link #append}.
     */
    default List<TaskEvent> appendLast(List<TaskEvent> events) {
        return append(events);
    }

    /** At most {@code limit} committed events of every board numbered above {@code afterId}, in order. */
    List<TaskEvent> after(long afterId, int limit);

    /** At most {@code limit} committed events of board {@code boardId} numbered above {@code afterId}, in order. */
    List<TaskEvent> after(BoardId boardId, long afterId, int limit);

    /**
     * The number of the last event a reader can read now; 0 when there is none. Every event committed later is
     * numbered above it.
     */
    long lastId();

    /**
     * How many committed events a reader cannot read yet, because a transaction that began before theirs is still
     * running (a store whose events are readable as they commit: 0).
     */
    default long heldBack() {
        return 0;
    }

    /**
     * How long the oldest transaction that may still append events, and so hold back the events of the transactions
     * that began after it, has been running; zero when none runs or the store holds nothing back.
     */
    default Duration oldestWriter() {
        return Duration.ZERO;
    }

    /**
     * Deletes at most {@code limit} events that occurred before {@code cutoff} (retention), oldest first,
     * and returns how many it deleted. The numbering never goes back.
     */
    int purgeBefore(Instant cutoff, int limit);
}
