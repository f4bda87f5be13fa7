package dev.tasklane.adapter.http.pipeline;

import dev.tasklane.edge.LiveStreams;
import jakarta.servlet.AsyncContext;
import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;

import java.io.IOException;
import java.util.concurrent.CompletableFuture;

/**
 * A live stream's response in the servlet's async, non-blocking mode ({@link LiveStreams.Output}): writes only when
 * the output stream is ready, flushes each write, and tells the stream's {@link LiveStreams.Lease} when it may write
 * again or when the client went away. The request's thread returns as soon as the stream started; {@link #done}
 * completes when the stream finished, for Javalin to complete the response ({@code ctx.future}).
 */
final class EventStreamOutput implements LiveStreams.Output {
    private final AsyncContext async;
    private final ServletOutputStream out;
    private final Runnable onFinish;
    final CompletableFuture<Void> done = new CompletableFuture<>();
    /** The container ended the request itself (an error, the client gone): nothing may touch it any more. */
    private boolean over;
    private boolean finished;

    private EventStreamOutput(AsyncContext async, ServletOutputStream out, Runnable onFinish) {
        this.async = async;
        this.out = out;
        this.onFinish = onFinish;
    }

    /**
     * Puts the request in async mode (no timeout), and the output stream in non-blocking mode, reporting to
     * {@code lease}; {@code onFinish} runs once when the stream finishes.
     */
    static EventStreamOutput start(AsyncContext async, ServletOutputStream out, LiveStreams.Lease lease,
                                   Runnable onFinish) {
        async.setTimeout(0);
        EventStreamOutput output = new EventStreamOutput(async, out, onFinish);
        async.addListener(new AsyncListener() {
            @Override
            public void onComplete(AsyncEvent event) {
                output.over();
                lease.failed(null);
            }

            @Override
            public void onTimeout(AsyncEvent event) {
                output.over();
                lease.failed(event.getThrowable());
            }

            @Override
            public void onError(AsyncEvent event) {
                output.over();
                lease.failed(event.getThrowable());
            }

            @Override
            public void onStartAsync(AsyncEvent event) {
                // not restarted
            }
        });
        out.setWriteListener(new WriteListener() {
            @Override
            public void onWritePossible() {
                lease.writable();
            }

            @Override
            public void onError(Throwable failure) {
                lease.failed(failure);
            }
        });
        return output;
    }

    @Override
    public boolean ready() {
        return out.isReady();
    }

    @Override
    public void write(byte[] bytes) throws IOException {
        if (bytes.length > 0) {
            out.write(bytes);
        }
        if (out.isReady()) {
            out.flush();
        }
    }

    /** The container completed or failed the request: Javalin must not be asked to finish it any more. */
    synchronized void over() {
        over = true;
        release();
    }

    /**
     * Lets Javalin complete the response ({@link #done}), unless the container ended the request already: then
     * Javalin would write to a recycled response.
     */
    @Override
    public synchronized void finish() {
        if (!over && live()) {
            done.complete(null);
        }
        release();
    }

    private boolean live() {
        try {
            async.getResponse();
            return true;
        } catch (IllegalStateException recycled) {
            return false;
        }
    }

    private void release() {
        if (!finished) {
            finished = true;
            onFinish.run();
        }
    }
}
