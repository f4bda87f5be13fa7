package dev.tasklane.application.edge;

import dev.tasklane.application.port.in.EventStreamUseCase;
import dev.tasklane.application.port.in.EventStreamUseCase.Delivery;
import dev.tasklane.application.port.in.EventStreamUseCase.End;
import dev.tasklane.application.port.in.EventStreamUseCase.Event;
import dev.tasklane.application.port.in.TaskEvent;
import dev.tasklane.domain.id.UserId;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The open live streams of one server (the HTTP API's event stream and the web pages' live updates), written
 * without a thread per stream, and counted per user.
 *
 * <p>A stream holds no thread while it waits: the adapter hands over its subscription and a non-blocking
 * {@link Output} (a servlet output stream in async mode), and one pump thread visits every open stream each
 * {@link #TICK}: while the output takes more, it writes the subscription's waiting events in one batch, the last event
 * when the subscription ended, or a keep-alive comment after {@link Settings#keepAlive()} without a write. A client that
 * stops reading leaves its output not ready: its events stay in its subscription's bounded queue, and the bus ends it as
 * lagging, as with any slow reader; nothing else waits for it.
 *
 * <p>Every {@link Settings#recheck()} (independent of keep-alives and of events) a small pool re-checks each stream's
 * credential ({@link Stream#stillAuthorized}: a revoked or expired token, an ended session, a removed membership); the
 * next visit of a stream whose credential no longer holds writes its last event and ends it, even while events keep
 * coming.
 *
 * <p>A user may hold {@link Settings#maxPerUser()} streams open on this server, across all their tokens and web
 * sessions: {@link #reserve} refuses the next with {@link TooManyStreams}.
 */
public final class LiveStreams implements AutoCloseable {
    /** How often the pump visits the open streams: the most an event waits before it is written. */
    public static final Duration TICK = Duration.ofMillis(20);
    /**
     * The name under which the server that composes the driving adapters shares its one instance with them (a
     * Javalin application-data key): the caps hold across the HTTP API's streams and the web pages'.
     */
    public static final String SHARED_KEY = "tasklane.live-streams";
    /** The keep-alive comment. */
    public static final String KEEP_ALIVE = ": keep-alive\n\n";
    private static final System.Logger LOG = System.getLogger(LiveStreams.class.getName());
    /** At most this many deliveries, or about this many characters, are written in one batch. */
    private static final int BATCH_EVENTS = 256;
    private static final int BATCH_CHARS = 64 * 1024;
    private static final int CHECK_THREADS = 2;

    /**
     * @param keepAlive  the longest a stream goes without a write before it sends a keep-alive comment
     * @param recheck    how often each stream's credential is checked again
     * @param maxPerUser streams one user may hold open on this server
     */
    public record Settings(Duration keepAlive, Duration recheck, int maxPerUser) {
        public static final Duration DEFAULT_KEEP_ALIVE = Duration.ofSeconds(15);
        public static final Duration DEFAULT_RECHECK = Duration.ofSeconds(2);
        public static final int DEFAULT_MAX_PER_USER = 20;

        public Settings {
            Objects.requireNonNull(keepAlive, "keepAlive");
            Objects.requireNonNull(recheck, "recheck");
            if (keepAlive.isNegative() || keepAlive.isZero() || recheck.isNegative() || recheck.isZero()
                    || maxPerUser < 1) {
                throw new IllegalArgumentException("keep-alive, re-check interval and streams per user must be positive");
            }
        }

        /** A keep-alive every 15 s, credentials re-checked every 2 s, 20 streams per user. */
        public static Settings defaults() {
            return new Settings(DEFAULT_KEEP_ALIVE, DEFAULT_RECHECK, DEFAULT_MAX_PER_USER);
        }
    }

    /** What one stream writes, and how its credential is re-checked; the adapter's side of a stream. */
    public interface Stream {
        /** Written first, with the response headers; empty for nothing. */
        default String opening() {
            return "";
        }

        /** The frame of one event. */
        String event(TaskEvent event);

        /** The last frame when the subscription ended ({@link End}); null to write none. */
        String ending(End end);

        /** The last frame when the credential no longer holds. */
        String unauthorized();

        /**
         * Whether the stream's credential still holds; called on the check pool, may read the store. A store that
         * cannot be reached should answer true: an outage does not end streams.
         */
        boolean stillAuthorized();
    }

    /** The response, written without blocking: a servlet output stream in async mode. */
    public interface Output {
        /** Whether a write may be made now (the last one completed); when false the adapter calls {@link Lease#writable} later. */
        boolean ready();

        /** Writes and flushes, without waiting for the client; called only when {@link #ready}. */
        void write(byte[] bytes) throws IOException;

        /** Completes the response. */
        void finish();
    }

    /** A user already holds as many streams as they may. */
    public static final class TooManyStreams extends RuntimeException {
        private final int open;
        private final int cap;

        TooManyStreams(int open, int cap) {
            super(open + " live streams open, at most " + cap);
            this.open = open;
            this.cap = cap;
        }

        /** The streams the user holds open on this server. */
        public int open() {
            return open;
        }

        /** The most one user may hold. */
        public int cap() {
            return cap;
        }
    }

    private final Settings settings;
    private final Map<UserId, Integer> perUser = new ConcurrentHashMap<>();
    private final Set<Lease> streams = ConcurrentHashMap.newKeySet();
    private final Object lifecycle = new Object();
    private ScheduledExecutorService pump;
    private ExecutorService checks;
    private volatile boolean stopping;

    public LiveStreams(Settings settings) {
        this.settings = Objects.requireNonNull(settings, "settings");
    }

    public Settings settings() {
        return settings;
    }

    /** The streams open on this server. */
    public int openCount() {
        return streams.size();
    }

    /** The streams {@code user} holds open (reserved or running) on this server. */
    public int openFor(UserId user) {
        return perUser.getOrDefault(user, 0);
    }

    /**
     * Reserves one of the user's streams; {@link Lease#start} then runs it, {@link Lease#release} gives the place back
     * if it never starts.
     *
     * @throws TooManyStreams when the user holds {@link Settings#maxPerUser()} already
     */
    public Lease reserve(UserId user) {
        Objects.requireNonNull(user, "user");
        int[] open = new int[1];
        boolean[] refused = new boolean[1];
        perUser.compute(user, (any, held) -> {
            int now = held == null ? 0 : held;
            if (now >= settings.maxPerUser()) {
                refused[0] = true;
                open[0] = now;
                return held;
            }
            return now + 1;
        });
        if (refused[0]) {
            throw new TooManyStreams(open[0], settings.maxPerUser());
        }
        return new Lease(user);
    }

    /**
     * The server is stopping: every open stream ends at its next visit as at a shutdown of the event bus (its last
     * event says so and carries the id to resume from), and a stream started from now on ends at once, so that a
     * graceful stop need not wait for streams that would otherwise stay open.
     */
    public void stopping() {
        stopping = true;
        for (Lease lease : streams) {
            lease.closeSubscription();
        }
    }

    /**
     * Stops the pump once the server stopped: every stream still open is dropped (its subscription closed, its place
     * given back) without touching its response, which the stopped server no longer has. A later stream starts the
     * pump again.
     */
    @Override
    public void close() {
        ScheduledExecutorService stopping;
        ExecutorService checking;
        synchronized (lifecycle) {
            stopping = pump;
            checking = checks;
            pump = null;
            checks = null;
        }
        if (stopping != null) {
            stopping.shutdownNow();
            checking.shutdownNow();
        }
        for (Lease lease : streams) {
            lease.abandon();
        }
    }

    private void running(Lease lease) {
        synchronized (lifecycle) {
            if (pump == null) {
                ScheduledThreadPoolExecutor ticking = new ScheduledThreadPoolExecutor(1, daemons("tasklane-streams"));
                ticking.setRemoveOnCancelPolicy(true);
                long every = TICK.toNanos();
                ticking.scheduleWithFixedDelay(this::visitAll, every, every, TimeUnit.NANOSECONDS);
                pump = ticking;
                checks = new ThreadPoolExecutor(CHECK_THREADS, CHECK_THREADS, 0, TimeUnit.MILLISECONDS,
                        new LinkedBlockingQueue<>(), daemons("tasklane-stream-check"));
            }
            streams.add(lease);
        }
    }

    private void visitAll() {
        long now = System.nanoTime();
        for (Lease lease : streams) {
            try {
                lease.visit(now);
            } catch (RuntimeException failed) {
                LOG.log(System.Logger.Level.WARNING, "A live stream failed; ending it: {0}", failed.toString());
                try {
                    lease.end();
                } catch (RuntimeException ending) {
                    lease.abandon();
                }
            } catch (StackOverflowError | OutOfMemoryError exhausted) {
                // a scheduled task that throws is never run again: every stream would stall
                LOG.log(System.Logger.Level.ERROR, "A live stream failed; dropping it: {0}", exhausted.toString());
                lease.abandon();
            }
        }
    }

    private void check(Lease lease) {
        ExecutorService pool;
        synchronized (lifecycle) {
            pool = checks;
        }
        if (pool == null) {
            lease.checking.set(false);
            return;
        }
        try {
            pool.execute(lease::recheck);
        } catch (RuntimeException rejected) {
            lease.checking.set(false);
        }
    }

    private void released(UserId user) {
        perUser.computeIfPresent(user, (any, held) -> held <= 1 ? null : held - 1);
    }

    private static ThreadFactory daemons(String name) {
        return runnable -> {
            Thread thread = new Thread(runnable, name);
            thread.setDaemon(true);
            return thread;
        };
    }

    /** One reserved stream of a user: started with its subscription and output, then pumped until it ends. */
    public final class Lease {
        private final UserId user;
        private final AtomicBoolean released = new AtomicBoolean();
        private final AtomicBoolean checking = new AtomicBoolean();
        private EventStreamUseCase.Subscription subscription;
        private Stream stream;
        private Output output;
        private boolean opened;
        /** The last frame is written; the stream finishes once the output took it. */
        private boolean ending;
        private boolean ended;
        private volatile boolean unauthorized;
        private volatile boolean gone;
        private long lastWrite;
        private long nextCheck;

        private Lease(UserId user) {
            this.user = user;
        }

        /** Runs the stream: from now on the pump writes it, and its credential is re-checked on the timer. */
        public void start(EventStreamUseCase.Subscription events, Stream frames, Output response) {
            long now = System.nanoTime();
            synchronized (this) {
                this.subscription = Objects.requireNonNull(events, "subscription");
                this.stream = Objects.requireNonNull(frames, "stream");
                this.output = Objects.requireNonNull(response, "output");
                this.lastWrite = now;
                this.nextCheck = now + settings.recheck().toNanos();
            }
            running(this);
            if (stopping) {
                closeSubscription();
            }
        }

        private void closeSubscription() {
            EventStreamUseCase.Subscription events;
            synchronized (this) {
                events = subscription;
            }
            if (events != null) {
                events.close();
            }
        }

        /** Gives the reserved place back, for a stream that will not start. */
        public void release() {
            if (released.compareAndSet(false, true)) {
                released(user);
            }
        }

        /** The output takes writes again (a servlet {@code onWritePossible}): write what waits now. */
        public void writable() {
            try {
                visit(System.nanoTime());
            } catch (RuntimeException failed) {
                end();
            }
        }

        /** The client went away or the output failed: the stream ends. */
        public void failed(Throwable cause) {
            // ended by the pump's next visit: the container calls this holding locks of its own
            gone = true;
            LOG.log(System.Logger.Level.DEBUG, "live stream client went away: {0}", String.valueOf(cause));
        }

        private void recheck() {
            try {
                if (!stream.stillAuthorized()) {
                    unauthorized = true;
                }
            } catch (RuntimeException unreachable) {
                LOG.log(System.Logger.Level.DEBUG, "could not re-check a live stream''s credential: {0}",
                        unreachable.toString());
            } finally {
                checking.set(false);
            }
        }

        private synchronized void visit(long now) {
            if (ended || subscription == null) {
                return;
            }
            if (gone) {
                end();
                return;
            }
            if (now - nextCheck >= 0 && checking.compareAndSet(false, true)) {
                nextCheck = now + settings.recheck().toNanos();
                check(this);
            }
            if (ending) {
                if (output.ready()) {
                    end();
                }
                return;
            }
            if (!output.ready()) {
                return;
            }
            StringBuilder batch = new StringBuilder(opened ? "" : stream.opening());
            if (unauthorized) {
                batch.append(stream.unauthorized());
                ending = true;
            } else {
                drain(batch);
                if (batch.length() == 0 && opened && now - lastWrite >= settings.keepAlive().toNanos()) {
                    batch.append(KEEP_ALIVE);
                }
            }
            if (batch.length() > 0 || !opened) {
                opened = true;
                lastWrite = now;
                try {
                    output.write(batch.toString().getBytes(StandardCharsets.UTF_8));
                } catch (IOException | RuntimeException failed) {
                    LOG.log(System.Logger.Level.DEBUG, "live stream client went away: {0}", failed.toString());
                    end();
                    return;
                }
            }
            if (ending && output.ready()) {
                end();
            }
        }

        private void drain(StringBuilder batch) {
            for (int i = 0; i < BATCH_EVENTS && batch.length() < BATCH_CHARS; i++) {
                Delivery next;
                try {
                    next = subscription.poll(Duration.ZERO);
                } catch (InterruptedException stopping) {
                    Thread.currentThread().interrupt();
                    return;
                }
                if (next == null) {
                    return;
                }
                if (next instanceof Event delivered) {
                    batch.append(stream.event(delivered.event()));
                } else if (next instanceof End end) {
                    // closed because the server stops: as at a shutdown, the client is told to resume elsewhere
                    String last = stream.ending(stopping && end.reason() == EventStreamUseCase.EndReason.CLOSED
                            ? new End(EventStreamUseCase.EndReason.SHUTDOWN, end.lastEventId()) : end);
                    if (last != null) {
                        batch.append(last);
                    }
                    ending = true;
                    return;
                }
            }
        }

        /** Closes the subscription and gives the place back, leaving the response alone (the server stopped). */
        private void abandon() {
            synchronized (this) {
                if (ended) {
                    return;
                }
                ended = true;
            }
            streams.remove(this);
            try {
                if (subscription != null) {
                    subscription.close();
                }
            } finally {
                release();
            }
        }

        /** Closes the subscription, completes the response and gives the place back; once. */
        private void end() {
            synchronized (this) {
                if (ended) {
                    return;
                }
                ended = true;
            }
            streams.remove(this);
            try {
                if (subscription != null) {
                    subscription.close();
                }
            } finally {
                try {
                    if (output != null) {
                        output.finish();
                    }
                } catch (RuntimeException finishing) {
                    LOG.log(System.Logger.Level.DEBUG, "completing a live stream failed: {0}", finishing.toString());
                } finally {
                    release();
                }
            }
        }
    }
}
