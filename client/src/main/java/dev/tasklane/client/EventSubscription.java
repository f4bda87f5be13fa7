package dev.tasklane.client;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * An open {@code GET /api/events} stream. A daemon thread reads the lines and queues the parsed events, so that a
 * caller can wait for the next one with a timeout and close the stream at any time.
 */
public final class EventSubscription implements AutoCloseable {
    private static final Optional<ServerEvent> END = Optional.empty();

    private final Stream<String> lines;
    private final BlockingQueue<Optional<ServerEvent>> queue = new LinkedBlockingQueue<>();
    private volatile boolean ended;

    EventSubscription(Stream<String> lines) {
        this.lines = lines;
        Thread reader = new Thread(this::read, "tasklane-events");
        reader.setDaemon(true);
        reader.start();
    }

    private void read() {
        SseParser parser = new SseParser();
        try {
            lines.forEach(line -> parser.line(line).ifPresent(event -> queue.add(Optional.of(event))));
        } catch (RuntimeException closed) {
            // the stream was closed under the reader, or the connection dropped: both end the subscription
        } finally {
            queue.add(END);
        }
    }

    /**
     * The next event, waiting at most {@code timeout}; empty when none arrived in time or the stream ended
     * (see {@link #ended()}).
     */
    public Optional<ServerEvent> next(Duration timeout) throws InterruptedException {
        if (ended) {
            return Optional.empty();
        }
        Optional<ServerEvent> event = queue.poll(timeout.toMillis(), TimeUnit.MILLISECONDS);
        if (event != null && event.isEmpty()) {
            ended = true;
            return Optional.empty();
        }
        return event == null ? Optional.empty() : event;
    }

    /** True once the server closed the stream or the connection dropped. */
    public boolean ended() {
        return ended;
    }

    /**
     * Ends the subscription at once. The stream is closed on a thread of its own: the JDK's line reader holds its
     * lock while it waits for the next line, so closing it here would wait for the server's next keep-alive.
     */
    @Override
    public void close() {
        ended = true;
        Thread closer = new Thread(lines::close, "tasklane-events-close");
        closer.setDaemon(true);
        closer.start();
    }
}
