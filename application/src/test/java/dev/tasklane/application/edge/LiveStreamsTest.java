package dev.tasklane.application.edge;

import dev.tasklane.application.port.in.EventStreamUseCase;
import dev.tasklane.application.port.in.EventStreamUseCase.Delivery;
import dev.tasklane.application.port.in.TaskEvent;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.id.UserId;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link LiveStreams}: the per-user cap and its places, a stream whose client takes nothing is never drained (its
 * events stay in its subscription), keep-alives after a quiet period, the credential re-checked on its own timer while
 * events keep flowing, and the end of a subscription written before the response finishes. Waits are upper bounds.
 */
final class LiveStreamsTest {
    private static final UserId ADA = UserId.of(1);
    private static final UserId BEN = UserId.of(2);

    /** A subscription fed by the test. */
    private static final class Feed implements EventStreamUseCase.Subscription {
        final LinkedBlockingQueue<Delivery> queue = new LinkedBlockingQueue<>();
        final AtomicBoolean closed = new AtomicBoolean();
        private long sequence;

        void event() {
            sequence++;
            queue.add(new EventStreamUseCase.Event(new TaskEvent(sequence, BoardId.of(1), "task.updated", null,
                    "W" + sequence, "open", "Ready", ADA, null, Instant.EPOCH)));
        }

        @Override
        public long startsAfter() {
            return 0;
        }

        @Override
        public Delivery poll(Duration wait) throws InterruptedException {
            return queue.poll(wait.toNanos(), TimeUnit.NANOSECONDS);
        }

        @Override
        public void close() {
            // as the bus does: the subscription's last delivery says it was closed
            if (!closed.getAndSet(true)) {
                queue.add(new EventStreamUseCase.End(EventStreamUseCase.EndReason.CLOSED, sequence));
            }
        }
    }

    /** An output that takes writes while {@link #ready} says so. */
    private static final class Collected implements LiveStreams.Output {
        final AtomicBoolean ready = new AtomicBoolean(true);
        final StringBuffer written = new StringBuffer();
        final AtomicInteger finished = new AtomicInteger();

        @Override
        public boolean ready() {
            return ready.get();
        }

        @Override
        public void write(byte[] bytes) {
            written.append(new String(bytes, StandardCharsets.UTF_8));
        }

        @Override
        public void finish() {
            finished.incrementAndGet();
        }
    }

    /** Frames named after the event's identifier, and a credential the test withdraws. */
    private static final class Frames implements LiveStreams.Stream {
        final AtomicBoolean valid = new AtomicBoolean(true);
        final AtomicInteger checks = new AtomicInteger();

        @Override
        public String opening() {
            return "open\n";
        }

        @Override
        public String event(TaskEvent event) {
            return event.identifier() + "\n";
        }

        @Override
        public String ending(EventStreamUseCase.End end) {
            return "end " + end.reason() + "\n";
        }

        @Override
        public String unauthorized() {
            return "unauthorized\n";
        }

        @Override
        public boolean stillAuthorized() {
            checks.incrementAndGet();
            return valid.get();
        }
    }

    private static void waitFor(BooleanSupplier condition, String what) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!condition.getAsBoolean()) {
            assertTrue(System.nanoTime() < deadline, what);
            Thread.sleep(5);
        }
    }

    @Test
    void aUserHoldsAtMostTheCapAndAPlaceIsGivenBackOnce() {
        try (LiveStreams live = new LiveStreams(new LiveStreams.Settings(Duration.ofSeconds(15), Duration.ofSeconds(2), 2))) {
            LiveStreams.Lease first = live.reserve(ADA);
            live.reserve(ADA);
            LiveStreams.TooManyStreams refused = assertThrows(LiveStreams.TooManyStreams.class, () -> live.reserve(ADA));
            assertEquals(2, refused.open());
            assertEquals(2, refused.cap());
            live.reserve(BEN);
            assertEquals(1, live.openFor(BEN), "another user has places of their own");
            first.release();
            first.release();
            assertEquals(1, live.openFor(ADA), "a place is given back once");
            live.reserve(ADA);
            assertThrows(LiveStreams.TooManyStreams.class, () -> live.reserve(ADA));
        }
    }

    @Test
    void aClientThatTakesNothingIsNeverDrainedAndGetsEverythingOnceItReads() throws Exception {
        try (LiveStreams live = new LiveStreams(LiveStreams.Settings.defaults())) {
            Feed feed = new Feed();
            Collected output = new Collected();
            output.ready.set(false);
            for (int i = 0; i < 10; i++) {
                feed.event();
            }
            live.reserve(ADA).start(feed, new Frames(), output);
            Thread.sleep(LiveStreams.TICK.toMillis() * 10);
            assertEquals("", output.written.toString(), "nothing is written to a client that takes nothing");
            assertEquals(10, feed.queue.size(), "its events wait in its subscription (whose bound ends it as lagging)");
            output.ready.set(true);
            waitFor(() -> output.written.toString().endsWith("W10\n"), "the events are written once it reads");
            assertEquals("open\nW1\nW2\nW3\nW4\nW5\nW6\nW7\nW8\nW9\nW10\n", output.written.toString());
        }
    }

    @Test
    void aQuietStreamGetsKeepAlives() throws Exception {
        try (LiveStreams live = new LiveStreams(new LiveStreams.Settings(Duration.ofMillis(50), Duration.ofSeconds(2), 5))) {
            Collected output = new Collected();
            live.reserve(ADA).start(new Feed(), new Frames(), output);
            waitFor(() -> output.written.toString().contains(LiveStreams.KEEP_ALIVE + LiveStreams.KEEP_ALIVE),
                    "keep-alive comments on a quiet stream");
            assertTrue(output.written.toString().startsWith("open\n" + LiveStreams.KEEP_ALIVE));
        }
    }

    @Test
    void theCredentialIsRecheckedOnItsOwnTimerWhileEventsFlow() throws Exception {
        try (LiveStreams live = new LiveStreams(new LiveStreams.Settings(Duration.ofHours(1), Duration.ofMillis(100), 5))) {
            Feed feed = new Feed();
            Collected output = new Collected();
            Frames frames = new Frames();
            live.reserve(ADA).start(feed, frames, output);
            AtomicBoolean flowing = new AtomicBoolean(true);
            Thread events = new Thread(() -> {
                while (flowing.get()) {
                    feed.event();
                    try {
                        Thread.sleep(2);
                    } catch (InterruptedException stop) {
                        return;
                    }
                }
            });
            events.start();
            try {
                waitFor(() -> frames.checks.get() >= 3, "re-checked while events flow");
                frames.valid.set(false);
                long withdrawn = System.nanoTime();
                waitFor(() -> output.finished.get() == 1, "the stream ends once its credential no longer holds");
                assertTrue(System.nanoTime() - withdrawn < TimeUnit.SECONDS.toNanos(2));
                assertTrue(output.written.toString().endsWith("unauthorized\n"), "its last frame says why");
                assertTrue(feed.closed.get(), "its subscription is closed");
                assertEquals(0, live.openFor(ADA), "its place is given back");
                assertEquals(0, live.openCount());
            } finally {
                flowing.set(false);
                events.join();
            }
        }
    }

    @Test
    void aStoppingServerEndsItsStreamsAsAShutdownSoThatTheStopNeedNotWait() throws Exception {
        try (LiveStreams live = new LiveStreams(LiveStreams.Settings.defaults())) {
            Feed feed = new Feed();
            Collected output = new Collected();
            feed.event();
            live.reserve(ADA).start(feed, new Frames(), output);
            waitFor(() -> output.written.toString().endsWith("W1\n"), "the stream runs");
            live.stopping();
            waitFor(() -> output.finished.get() == 1, "the stream finishes");
            assertEquals("open\nW1\nend SHUTDOWN\n", output.written.toString(), "told to resume elsewhere");
            assertEquals(0, live.openFor(ADA));

            Feed late = new Feed();
            Collected after = new Collected();
            live.reserve(ADA).start(late, new Frames(), after);
            waitFor(() -> after.finished.get() == 1, "a stream started while stopping ends at once");
        }
    }

    @Test
    void theEndOfTheSubscriptionIsWrittenThenTheResponseFinishesOnce() throws Exception {
        try (LiveStreams live = new LiveStreams(LiveStreams.Settings.defaults())) {
            Feed feed = new Feed();
            Collected output = new Collected();
            feed.event();
            feed.queue.add(new EventStreamUseCase.End(EventStreamUseCase.EndReason.LAGGING, 1));
            live.reserve(ADA).start(feed, new Frames(), output);
            waitFor(() -> output.finished.get() == 1, "the stream finishes");
            assertEquals("open\nW1\nend LAGGING\n", output.written.toString());
            Thread.sleep(LiveStreams.TICK.toMillis() * 5);
            assertEquals(1, output.finished.get(), "once");
            assertFalse(output.written.toString().contains(LiveStreams.KEEP_ALIVE));
        }
    }
}
