package dev.tasklane.application.service;

import dev.tasklane.application.port.in.EventStreamUseCase;
import dev.tasklane.application.port.in.TaskEvent;
import dev.tasklane.application.port.out.EventOutbox;
import dev.tasklane.application.port.out.EventPublisher;
import dev.tasklane.domain.id.BoardId;

import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * Feeds live subscribers from the {@link EventOutbox}. One dispatcher thread reads the outbox after the last
 * number it saw, when woken ({@link #committed}: a local commit, or a notification from another server) and
 * at least every {@link Settings#pollInterval()}, so a lost wake-up delays an event and never loses it. A store may
 * hold committed events back until older transactions end ({@link EventOutbox#heldBack}, PostgreSQL): when a wake-up
 * finds nothing new while events are held back, the dispatcher reads again after {@link #HELD_BACK_RETRY}, then twice as
 * long each time up to the poll, since the transaction that holds them may end without waking anyone (a rollback, or a
 * write with no event).
 *
 * <p>Each subscriber has a bounded queue that the dispatcher only ever offers to, never waits on: a subscriber
 * whose queue is full when a live event arrives is ended with {@link EndReason#LAGGING} and the number of the
 * last event it was given, from which it resumes. A subscriber that resumes from an older number is caught up
 * from the outbox at the pace it drains its queue, and joins the live feed once it reached it.
 */
public final class EventBus implements EventPublisher, EventStreamUseCase, AutoCloseable {
    private static final System.Logger LOG = System.getLogger(EventBus.class.getName());
    /** How soon the dispatcher first reads again while the store holds committed events back. */
    static final Duration HELD_BACK_RETRY = Duration.ofMillis(20);

    /**
     * @param queueCapacity events a subscriber may have waiting before it is ended as lagging
     * @param pollInterval  the longest the dispatcher waits without a wake-up before it reads the outbox
     * @param batchSize     events read from the outbox per query
     */
    public record Settings(int queueCapacity, Duration pollInterval, int batchSize) {
        public static final int DEFAULT_QUEUE_CAPACITY = 1_000;
        public static final Duration DEFAULT_POLL_INTERVAL = Duration.ofSeconds(1);
        public static final int DEFAULT_BATCH_SIZE = 500;

        public Settings {
            Objects.requireNonNull(pollInterval, "pollInterval");
            if (queueCapacity < 1 || batchSize < 1 || pollInterval.isNegative() || pollInterval.isZero()) {
                throw new IllegalArgumentException("queue capacity, batch size and poll interval must be positive");
            }
        }

        public static Settings defaults() {
            return new Settings(DEFAULT_QUEUE_CAPACITY, DEFAULT_POLL_INTERVAL, DEFAULT_BATCH_SIZE);
        }

        public Settings withQueueCapacity(int value) {
            return new Settings(value, pollInterval, batchSize);
        }
    }

    private final EventOutbox outbox;
    private final Settings settings;
    private final List<Subscriber> subscribers = new CopyOnWriteArrayList<>();
    private final LinkedBlockingQueue<Boolean> wakeUps = new LinkedBlockingQueue<>(1);
    private final Object lifecycle = new Object();
    private Thread dispatcher;
    private volatile boolean shutDown;
    /** The dispatcher's position in the outbox: every event up to it was handed to the live subscribers. */
    private volatile long position = -1;

    public EventBus(EventOutbox outbox, Settings settings) {
        this.outbox = Objects.requireNonNull(outbox, "outbox");
        this.settings = Objects.requireNonNull(settings, "settings");
    }

    /** The outbox this bus reads. */
    public EventOutbox outbox() {
        return outbox;
    }

    @Override
    public void committed(long lastEventId) {
        wakeUps.offer(Boolean.TRUE);
    }

    @Override
    public Subscription subscribe(BoardId boardId, Long afterId) {
        long last = outbox.lastId();
        // an id beyond the log's end (another store's, a restored backup's) starts at the end, never skips ahead
        long start = afterId == null ? last : Math.max(0, Math.min(afterId, last));
        Subscriber subscriber = new Subscriber(boardId, start, settings.queueCapacity());
        synchronized (lifecycle) {
            if (shutDown) {
                subscriber.end(EndReason.SHUTDOWN);
                return subscriber;
            }
            subscribers.add(subscriber);
            if (dispatcher == null) {
                dispatcher = new Thread(this::dispatch, "tasklane-event-dispatcher");
                dispatcher.setDaemon(true);
                dispatcher.start();
            }
        }
        committed(start);
        return subscriber;
    }

    /** Subscribers currently fed (for tests and metrics). */
    public int subscriberCount() {
        return subscribers.size();
    }

    @Override
    public void shutdown() {
        Thread running;
        synchronized (lifecycle) {
            shutDown = true;
            running = dispatcher;
        }
        if (running != null) {
            running.interrupt();
            try {
                running.join(TimeUnit.SECONDS.toMillis(5));
            } catch (InterruptedException interrupted) {
                Thread.currentThread().interrupt();
            }
        }
        for (Subscriber subscriber : subscribers) {
            subscriber.end(EndReason.SHUTDOWN);
        }
        subscribers.clear();
    }

    @Override
    public void close() {
        shutdown();
    }

    private void dispatch() {
        long poll = settings.pollInterval().toMillis();
        long wait = poll;
        long retry = HELD_BACK_RETRY.toMillis();
        while (!shutDown) {
            try {
                wakeUps.poll(wait, TimeUnit.MILLISECONDS);
                wait = poll;
                if (!shutDown && !dispatchOnce() && !subscribers.isEmpty() && outbox.heldBack() > 0) {
                    // twice as long each time, up to the poll: a session left open inside a write costs a read a poll
                    wait = Math.min(retry, poll);
                    retry = Math.min(retry * 2, poll);
                } else {
                    retry = HELD_BACK_RETRY.toMillis();
                }
            } catch (InterruptedException interrupted) {
                return;
            } catch (RuntimeException failed) {
                // the store is unreachable for now; the next wake-up or poll tries again from the same position
                LOG.log(System.Logger.Level.WARNING, "Reading the event outbox failed ({0}); retrying", failed.getMessage());
            }
        }
    }

    /** Brings every subscriber up to the end of the outbox, as far as their queues allow; answers whether it moved on. */
    private boolean dispatchOnce() {
        if (subscribers.isEmpty()) {
            position = -1;
            return false;
        }
        if (position < 0) {
            // live from here on; a subscriber that starts further back is caught up from the outbox
            position = outbox.lastId();
        }
        boolean moved = false;
        while (true) {
            for (Subscriber subscriber : subscribers) {
                catchUp(subscriber);
            }
            List<TaskEvent> batch = outbox.after(position, settings.batchSize());
            if (batch.isEmpty()) {
                return moved;
            }
            moved = true;
            long last = batch.get(batch.size() - 1).sequence();
            for (Subscriber subscriber : subscribers) {
                if (subscriber.cursor >= position) {
                    subscriber.deliverLive(batch, last);
                }
            }
            position = last;
            if (batch.size() < settings.batchSize()) {
                return true;
            }
        }
    }

    /**
     * Feeds a subscriber that starts before the dispatcher's position from the outbox, up to that position,
     * while its queue has room; the rest follows once it drained some.
     */
    private void catchUp(Subscriber subscriber) {
        while (subscriber.cursor < position && !subscriber.ended()) {
            int room = subscriber.room();
            if (room <= 0) {
                return;
            }
            List<TaskEvent> events = outbox.after(subscriber.boardId, subscriber.cursor, Math.min(room, settings.batchSize()));
            long reached = position;
            for (TaskEvent event : events) {
                if (event.sequence() > position) {
                    break;
                }
                subscriber.offer(event);
                reached = event.sequence();
            }
            subscriber.cursor = events.size() < Math.min(room, settings.batchSize()) ? position : reached;
        }
    }

    /** One subscriber: its board, how far it was fed, and its bounded queue. */
    private final class Subscriber implements Subscription {
        private final BoardId boardId;
        private final long startsAfter;
        private final int capacity;
        private final LinkedBlockingQueue<Delivery> queue = new LinkedBlockingQueue<>();
        /** The last event number this subscriber was brought up to; written by the dispatcher only. */
        private volatile long cursor;
        private long lastOffered;
        private End end;

        Subscriber(BoardId boardId, long startsAfter, int capacity) {
            this.boardId = boardId;
            this.startsAfter = startsAfter;
            this.capacity = capacity;
            this.cursor = startsAfter;
            this.lastOffered = startsAfter;
        }

        @Override
        public long startsAfter() {
            return startsAfter;
        }

        synchronized boolean ended() {
            return end != null;
        }

        synchronized int room() {
            return capacity - queue.size();
        }

        synchronized void offer(TaskEvent event) {
            if (end == null) {
                queue.add(new Event(event));
                lastOffered = event.sequence();
            }
        }

        /** Hands over the board's events of a live batch; ends the subscriber if they do not fit. */
        void deliverLive(List<TaskEvent> batch, long last) {
            synchronized (this) {
                for (TaskEvent event : batch) {
                    if (event.sequence() <= cursor || !event.boardId().equals(boardId)) {
                        continue;
                    }
                    if (queue.size() >= capacity) {
                        end(EndReason.LAGGING);
                        return;
                    }
                    offer(event);
                }
            }
            cursor = last;
        }

        synchronized void end(EndReason reason) {
            if (end != null) {
                return;
            }
            end = new End(reason, lastOffered);
            queue.add(end);
            subscribers.remove(this);
        }

        @Override
        public Delivery poll(Duration wait) throws InterruptedException {
            Delivery next = queue.poll(wait.toNanos(), TimeUnit.NANOSECONDS);
            if (next instanceof End over) {
                queue.add(over);
            } else if (next != null && cursor < position && queue.size() * 2 < capacity) {
                committed(cursor);
            }
            return next;
        }

        @Override
        public void close() {
            end(EndReason.CLOSED);
        }
    }
}
