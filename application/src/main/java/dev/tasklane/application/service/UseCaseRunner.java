package dev.tasklane.application.service;

import dev.tasklane.application.port.in.TaskEvent;
import dev.tasklane.application.port.out.ConcurrentUpdateException;
import dev.tasklane.application.port.out.EventOutbox;
import dev.tasklane.application.port.out.EventPublisher;
import dev.tasklane.application.port.out.FlowStore;
import dev.tasklane.application.port.out.TaskHistoryLog;
import dev.tasklane.application.port.out.TaskWrites;
import dev.tasklane.application.port.out.WorkflowMetrics;
import dev.tasklane.domain.agent.Actor;
import dev.tasklane.domain.agent.BoardAccess;
import dev.tasklane.domain.error.ConflictException;
import dev.tasklane.domain.error.ForbiddenException;
import dev.tasklane.domain.identity.Scope;
import dev.tasklane.application.port.out.Transactions;

import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Optional;
import java.util.List;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Runs one use case as one transaction. Its events are appended to the outbox as the transaction's last
 * step, so they commit with the change or not at all; after the commit the publisher is woken and the
 * {@link WorkflowMetrics} told what the history recorded. A use case that lost an
 * optimistic race ({@link ConcurrentUpdateException}) is run again from the start, a bounded number of
 * times, since nothing of the failed attempt was kept; after that the caller gets a 409-family
 * {@link ConflictException} it may retry.
 *
 * <p>Board access is checked here, once for every use case, through the domain's access policy
 * ({@link BoardAccess}): {@link #write} refuses a caller without write access on its board before anything is read,
 * {@link #supervise} one without authority over the board's agents, {@link #read(Actor, Scope, Function)} one whose
 * credential lacks the scope; {@link #read(Function)} hands the work a {@link Changes} that refuses to store anything,
 * so a use case cannot write without going through the access check. Neither the services nor the domain's workflow
 * check the caller's scope again; what they judge is the caller against the task (the review authority on a task it
 * completed, the holder of a claim). {@link #system} is for the server's own maintenance, which acts for no caller.
 */
final class UseCaseRunner {
    static final int ATTEMPTS = 5;

    private final Transactions transactions;
    private final TaskWrites tasks;
    private final TaskHistoryLog history;
    private final FlowStore flows;
    private final EventOutbox outbox;
    private final EventPublisher events;
    private final Clock clock;
    private final WorkflowMetrics metrics;
    private final Changes.FlowMemory flowMemory = new Changes.FlowMemory();
    private final AuditTrail audit;

    UseCaseRunner(Transactions transactions, TaskWrites tasks, TaskHistoryLog history, FlowStore flows,
                  EventOutbox outbox, EventPublisher events, Clock clock, WorkflowMetrics metrics, AuditTrail audit) {
        this.audit = audit;
        this.transactions = transactions;
        this.tasks = tasks;
        this.history = history;
        this.flows = flows;
        this.outbox = outbox;
        this.events = events;
        this.clock = clock;
        this.metrics = metrics;
    }

    /** Where the use cases record what goes in the audit log, inside their transaction. */
    AuditTrail audit() {
        return audit;
    }

    Instant now() {
        return clock.instant().truncatedTo(ChronoUnit.MILLIS);
    }

    /** See {@link Transactions#tentatively}: inside {@link #run}, an attempt undone when it answers empty. */
    <T> Optional<T> tentatively(Supplier<Optional<T>> work) {
        return transactions.tentatively(work);
    }

    /** A use case that changes the caller's board. @throws ForbiddenException without board write access */
    <T> T write(Actor actor, Function<Changes, T> work) {
        BoardAccess.requireWrite(actor);
        return run(true, work);
    }

    /**
     * A use case that changes the board and supervises its agents (answering, instructing or stopping one).
     *
     * @param action what the caller tries, completing "only ... can": "stop an agent's session"
     * @throws ForbiddenException without board write access, or without {@link Scope#REVIEW} over the board
     */
    <T> T supervise(Actor actor, String action, Function<Changes, T> work) {
        BoardAccess.requireSupervise(actor, action);
        return run(true, work);
    }

    /** A read of the caller's board that takes {@code scope}. @throws ForbiddenException without it */
    <T> T read(Actor actor, Scope scope, Function<Changes, T> work) {
        BoardAccess.require(actor, scope);
        return run(false, work);
    }

    /** A use case that only reads; its {@link Changes} refuses every write. */
    <T> T read(Function<Changes, T> work) {
        return run(false, work);
    }

    /** The server's own maintenance (sweeps), acting for no caller. */
    <T> T system(Function<Changes, T> work) {
        return run(true, work);
    }

    private <T> T run(boolean writable, Function<Changes, T> work) {
        ConcurrentUpdateException last = null;
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            Changes changes = new Changes(tasks, history, flows, now(), writable, flowMemory);
            try {
                long[] lastEventId = {0};
                Supplier<T> unit = () -> {
                    T value = work.apply(changes);
                    if (writable) {
                        // before the append, so that a store can write the rollup with the events (PostgreSQL)
                        changes.flushFlow();
                    }
                    if (!changes.events().isEmpty()) {
                        // the end of the unit of work: nothing after it writes or can fail
                        List<TaskEvent> appended = outbox.appendLast(changes.events());
                        lastEventId[0] = appended.get(appended.size() - 1).sequence();
                    }
                    return value;
                };
                // a read use case writes nothing (its Changes refuses), so a store may run it beside other reads
                T result = writable ? transactions.inTransaction(unit) : transactions.inReadTransaction(unit);
                if (writable) {
                    changes.committed();
                }
                if (lastEventId[0] > 0) {
                    events.committed(lastEventId[0]);
                }
                if (!changes.recorded().isEmpty()) {
                    metrics.committed(changes.recorded());
                }
                return result;
            } catch (ConcurrentUpdateException raced) {
                last = raced;
            }
        }
        throw new ConflictException(last.code(), last.getMessage(), last.details());
    }
}
