package dev.tasklane.adapter.http.pipeline;

import dev.tasklane.application.edge.LiveStreams;
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
    private final ServletOutputStream out;
    private final Runnable onFinish;
    final CompletableFuture<Void> done = new CompletableFuture<>();

    private EventStreamOutput(ServletOutputStream out, Runnable onFinish) {
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
        EventStreamOutput output = new EventStreamOutput(out, onFinish);
        async.addListener(new AsyncListener() {
            @Override
            public void onComplete(AsyncEvent event) {
                lease.failed(null);
            }

            @Override
            public void onTimeout(AsyncEvent event) {
                lease.failed(event.getThrowable());
            }

            @Override
            public void onError(AsyncEvent event) {
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

    @Override
    public void finish() {
        if (done.complete(null)) {
            onFinish.run();
        }
    }
}
