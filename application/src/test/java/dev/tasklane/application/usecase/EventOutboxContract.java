package dev.tasklane.application.usecase;

import dev.tasklane.domain.goal.AfterGoalReport;
import dev.tasklane.application.port.in.ClaimTask;
import dev.tasklane.application.port.in.Created;
import dev.tasklane.application.port.in.EventStreamUseCase.Delivery;
import dev.tasklane.application.port.in.EventStreamUseCase.End;
import dev.tasklane.application.port.in.EventStreamUseCase.EndReason;
import dev.tasklane.application.port.in.EventStreamUseCase.Event;
import dev.tasklane.application.port.in.EventStreamUseCase;
import dev.tasklane.application.port.in.TaskEvent;
import dev.tasklane.application.port.out.EventOutbox;
import dev.tasklane.application.service.EventBus;
import dev.tasklane.application.service.Tasklane;
import dev.tasklane.application.testing.StoreSet;
import dev.tasklane.domain.hook.HookProofRejectedException;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.id.TaskId;
import dev.tasklane.domain.validation.CompletionMode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import static dev.tasklane.application.usecase.BoardFixture.failedHook;
import static dev.tasklane.application.usecase.BoardFixture.failedProof;
import static dev.tasklane.application.usecase.BoardFixture.goal;
import static dev.tasklane.application.usecase.BoardFixture.id;
import static dev.tasklane.application.usecase.BoardFixture.ref;
import static dev.tasklane.application.usecase.BoardFixture.task;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The durable event outbox and the live subscriptions fed from it, on a store adapter: numbering in commit
 * order, resumption after an id, atomicity with the change, retention, bounded queues that end a lagging
 * subscriber without holding anything up, and shutdown. Each adapter extends this class with only
 * {@link #newStores()}. No assertion depends on timing: waits are generous upper bounds.
 */
public abstract class EventOutboxContract {
    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final int QUEUE = 16;

    protected abstract StoreSet newStores();

    private BoardFixture board;
    private EventOutbox outbox;

    @BeforeEach
    void createBoard() {
        board = new BoardFixture(newStores(), CompletionMode.GRACE,
                builder -> builder.eventSettings(EventBus.Settings.defaults().withQueueCapacity(QUEUE)));
        outbox = board.app.eventBus().outbox();
    }

    @AfterEach
    void stopBus() {
        board.app.eventBus().close();
    }

    @Test
    void eventsAreNumberedInCommitOrderAndResumeAfterAnyId() {
        long before = outbox.lastId();
        List<String> created = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            created.add(id(board.create(board.admin, task("t" + i))));
        }
        List<TaskEvent> events = outbox.after(before, 100);
        assertEquals(created, events.stream().map(TaskEvent::identifier).toList());
        long previous = before;
        for (TaskEvent event : events) {
            assertTrue(event.sequence() > previous, "each number above the one before: " + events);
            assertEquals("task.created", event.type());
            previous = event.sequence();
        }
        assertEquals(previous, outbox.lastId());
        assertEquals(created.subList(3, 5), outbox.after(board.boardId, events.get(2).sequence(), 100).stream()
                .map(TaskEvent::identifier).toList(), "resume after an id");
        assertEquals(created.subList(0, 2), outbox.after(before, 2).stream().map(TaskEvent::identifier).toList());
        assertTrue(outbox.after(BoardId.of(board.boardId.value() + 1_000), before, 100).isEmpty(), "another board's events are its own");
    }

    @Test
    void aRolledBackUseCaseLeavesNoEvent() {
        String w1 = id(board.create(board.admin, task("atomic")));
        long before = outbox.lastId();
        assertThrows(HookProofRejectedException.class, () -> board.app.claims().claim(board.alice, new ClaimTask(w1, "a", failedHook(), null)));
        assertThrows(IllegalStateException.class, () -> board.stores.transactions().inTransaction(() -> {
            outbox.append(List.of(new TaskEvent(0, board.boardId, "task.updated", TaskId.of(1), w1, "open", "Ready", null, null,
                    BoardFixture.START)));
            throw new IllegalStateException("the unit of work fails after writing its event");
        }));
        assertEquals(before, outbox.lastId(), "nothing of the failed units of work is kept");
        assertTrue(outbox.after(before, 10).isEmpty());
        board.claim(board.alice, w1);
        List<TaskEvent> after = outbox.after(before, 10);
        assertEquals(1, after.size());
        assertEquals(after.get(0).sequence(), outbox.lastId(), "the next event is the last one");
        assertEquals("task.claimed", after.get(0).type());
    }

    /**
     * {@link EventOutbox#appendLast} ends a unit of work, and a store may commit with it, but only a unit that is the
     * whole transaction: inside a unit of work that joined an outer one, or inside a savepoint, the outer
     * transaction's failure still takes the events back.
     */
    @Test
    void theLastAppendOfANestedUnitOfWorkIsRolledBackWithTheOuterOne() {
        String w1 = id(board.create(board.admin, task("nested")));
        long before = outbox.lastId();
        TaskEvent event = new TaskEvent(0, board.boardId, "task.updated", TaskId.of(1), w1, "open", "Ready", null, null,
                BoardFixture.START);
        assertThrows(IllegalStateException.class, () -> board.stores.transactions().inTransaction(() -> {
            board.stores.transactions().inTransaction(() -> outbox.appendLast(List.of(event)));
            throw new IllegalStateException("the outer unit of work fails after the inner one's last append");
        }));
        assertThrows(IllegalStateException.class, () -> board.stores.transactions().inTransaction(() -> {
            board.stores.transactions().tentatively(() -> java.util.Optional.of(outbox.appendLast(List.of(event))));
            throw new IllegalStateException("the unit of work fails after a savepoint's last append");
        }));
        assertEquals(before, outbox.lastId(), "nothing of the failed units of work is kept");
        List<TaskEvent> appended = board.stores.transactions().inTransaction(() -> outbox.appendLast(List.of(event, event)));
        assertTrue(before < appended.get(0).sequence() && appended.get(0).sequence() < appended.get(1).sequence(),
                appended.toString());
        assertEquals(appended.stream().map(TaskEvent::sequence).toList(),
                outbox.after(before, 10).stream().map(TaskEvent::sequence).toList(), "a whole unit's last append commits");
    }

    @Test
    void concurrentWritersCommitInNumberOrderSoAReaderFollowingTheLastIdMissesNothing() throws Exception {
        long before = outbox.lastId();
        int writers = 4;
        int perWriter = 40;
        AtomicBoolean writing = new AtomicBoolean(true);
        ExecutorService pool = Executors.newFixedThreadPool(writers + 1);
        try {
            Future<List<Long>> reader = pool.submit(() -> {
                List<Long> seen = new ArrayList<>();
                long last = before;
                while (writing.get() || outbox.lastId() > last) {
                    for (TaskEvent event : outbox.after(last, 50)) {
                        seen.add(event.sequence());
                        last = event.sequence();
                    }
                }
                return seen;
            });
            List<Future<?>> done = new ArrayList<>();
            for (int w = 0; w < writers; w++) {
                int writer = w;
                done.add(pool.submit(() -> {
                    for (int i = 0; i < perWriter; i++) {
                        board.create(board.admin, task("w" + writer + "-" + i));
                    }
                }));
            }
            for (Future<?> future : done) {
                future.get(120, TimeUnit.SECONDS);
            }
            writing.set(false);
            List<Long> seen = reader.get(120, TimeUnit.SECONDS);
            assertEquals(writers * perWriter, seen.size(), "a reader that only ever asks for events after the last one "
                    + "it saw gets every event exactly once");
            assertEquals(outbox.after(before, writers * perWriter + 1).stream().map(TaskEvent::sequence).toList(), seen,
                    "every event, in the order of the log");
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void theSweeperPurgesEventsOlderThanTheRetention() {
        long before = outbox.lastId();
        board.create(board.admin, task("old"));
        board.clock.advance(Duration.ofDays(8));
        String recent = id(board.create(board.admin, task("recent")));
        assertEquals(1, board.app.maintenance().sweep().eventsPurged(), "only the event older than 7 days (the default)");
        List<TaskEvent> left = outbox.after(before, 10);
        assertEquals(List.of(recent), left.stream().map(TaskEvent::identifier).toList());
        long kept = left.get(0).sequence();
        assertEquals(kept, outbox.lastId(), "purging never renumbers");
        String next = id(board.create(board.admin, task("next")));
        List<TaskEvent> later = outbox.after(kept, 10);
        assertEquals(List.of(next), later.stream().map(TaskEvent::identifier).toList());
        assertTrue(later.get(0).sequence() > kept, "numbers never go back");
    }

    @Test
    void completionToDoneIsTaskCompletedAndTheAfterGoalReportHasItsOwnEvent() {
        Created created = board.createGoal(board.admin, goal("Ship", List.of(task("only"))));
        String g1 = id(created.root());
        String only = id(created.children().get(0));
        board.claim(board.alice, only);
        long before = outbox.lastId();
        board.complete(board.alice, only);
        List<String> completion = types(outbox.after(before, 10));
        assertTrue(completion.contains("task.completed"), completion.toString());
        long reported = outbox.lastId();
        board.app.afterGoal().report(board.alice, ref(g1), new AfterGoalReport(0L, "ok", 3L));
        assertEquals(List.of("goal.after_goal_reported", "goal.completed"), types(outbox.after(reported, 10)));
    }

    @Test
    void aSubscriberSeesEveryEventCausedAfterSubscribingEveryTime() throws InterruptedException {
        // 30 rounds on every store here; the HTTP test runs 100 through real sockets
        for (int round = 0; round < 30; round++) {
            try (EventStreamUseCase.Subscription subscription = board.app.events().subscribe(board.boardId, null)) {
                String created = id(board.create(board.admin, task("round " + round)));
                TaskEvent event = event(subscription.poll(WAIT));
                assertEquals(created, event.identifier(), "round " + round);
            }
        }
    }

    @Test
    void anIdFromOneServerResumesOnAnotherServerOfTheSameStore() throws InterruptedException {
        Tasklane other = BoardFixture.builder(board.stores).clock(board.clock).build();
        try (EventStreamUseCase.Subscription first = board.app.events().subscribe(board.boardId, null)) {
            board.create(board.admin, task("seen on the first server"));
            long seen = event(first.poll(WAIT)).sequence();
            String missed = id(board.create(board.admin, task("missed while reconnecting")));
            try (EventStreamUseCase.Subscription resumed = other.events().subscribe(board.boardId, seen)) {
                TaskEvent next = event(resumed.poll(WAIT));
                assertEquals(missed, next.identifier());
                assertTrue(next.sequence() > seen, "the same numbering on every server of the store");
            }
        } finally {
            other.eventBus().close();
        }
    }

    @Test
    void anIdBeyondTheEndOfTheLogStartsAtTheEndInsteadOfSkippingAhead() throws InterruptedException {
        try (EventStreamUseCase.Subscription subscription =
                     board.app.events().subscribe(board.boardId, outbox.lastId() + 1_000)) {
            String created = id(board.create(board.admin, task("next")));
            assertEquals(created, event(subscription.poll(WAIT)).identifier());
        }
    }

    @Test
    void aStalledSubscriberIsEndedAsLaggingWhileWritesAndOtherReadersGoOn() throws Exception {
        int total = 200;
        EventStreamUseCase.Subscription stalled = board.app.events().subscribe(board.boardId, null);
        EventStreamUseCase.Subscription reading = board.app.events().subscribe(board.boardId, null);
        long start = stalled.startsAfter();
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try {
            // the reading subscriber keeps up (the writer never runs more than half a queue ahead of it)
            Semaphore ahead = new Semaphore(QUEUE / 2);
            Future<Integer> received = pool.submit(() -> {
                int count = 0;
                while (count < total) {
                    Delivery next = reading.poll(WAIT);
                    if (next == null) {
                        break;
                    }
                    event(next);
                    count++;
                    ahead.release();
                }
                return count;
            });
            for (int i = 0; i < total; i++) {
                assertTrue(ahead.tryAcquire(120, TimeUnit.SECONDS), "the reading subscriber receives");
                board.create(board.admin, task("flood " + i));
            }
            assertEquals(total, received.get(120, TimeUnit.SECONDS), "the reading subscriber got every event");
        } finally {
            pool.shutdownNow();
            reading.close();
        }
        List<TaskEvent> got = new ArrayList<>();
        Delivery next;
        while ((next = stalled.poll(WAIT)) instanceof Event delivered) {
            got.add(delivered.event());
        }
        End end = assertInstanceOf(End.class, next);
        assertEquals(EndReason.LAGGING, end.reason());
        assertEquals(QUEUE, got.size(), "the stalled subscriber got what fitted in its queue, then the end");
        assertEquals(got.get(got.size() - 1).sequence(), end.lastEventId(), "it resumes after the last event it got");
        try (EventStreamUseCase.Subscription resumed = board.app.events().subscribe(board.boardId, end.lastEventId())) {
            long expected = end.lastEventId();
            for (int i = 0; i < total - QUEUE; i++) {
                TaskEvent event = event(resumed.poll(WAIT));
                assertTrue(event.sequence() > expected, "in order");
                expected = event.sequence();
            }
            assertEquals(outbox.lastId(), expected, "resuming from the lagging hint misses nothing");
        }
    }

    @Test
    void shutdownEndsEverySubscriptionWithItsResumePoint() throws InterruptedException {
        EventStreamUseCase.Subscription subscription = board.app.events().subscribe(board.boardId, null);
        board.create(board.admin, task("before shutdown"));
        TaskEvent last = event(subscription.poll(WAIT));
        board.app.events().shutdown();
        End end = assertInstanceOf(End.class, subscription.poll(WAIT));
        assertEquals(new End(EndReason.SHUTDOWN, last.sequence()), end);
        End refused = assertInstanceOf(End.class, board.app.events().subscribe(board.boardId, null).poll(WAIT));
        assertEquals(EndReason.SHUTDOWN, refused.reason(), "no new subscription once shutting down");
    }

    private static TaskEvent event(Delivery delivery) {
        return assertInstanceOf(Event.class, delivery, "an event within the wait").event();
    }

    private static List<String> types(List<TaskEvent> events) {
        return events.stream().map(TaskEvent::type).toList();
    }
}
