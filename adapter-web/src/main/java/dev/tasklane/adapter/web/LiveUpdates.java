package dev.tasklane.adapter.web;

import dev.tasklane.edge.LiveStreams;
import dev.tasklane.application.port.in.EventStreamUseCase;
import dev.tasklane.application.port.in.CallerUseCase;
import dev.tasklane.application.port.in.SignInUseCase;
import dev.tasklane.application.port.in.TaskEvent;
import dev.tasklane.application.port.in.UnauthenticatedException;
import dev.tasklane.domain.agent.Actor;
import dev.tasklane.domain.error.TasklaneException;
import dev.tasklane.domain.id.BoardId;
import io.javalin.config.Key;
import io.javalin.http.Context;
import io.javalin.json.JsonMapper;
import jakarta.servlet.AsyncContext;
import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;
import jakarta.servlet.http.HttpServletResponse;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;

/**
 * {@code GET /boards/:id/events}: the board's task events for the signed-in person's page, as Server-Sent
 * Events fed by {@link EventStreamUseCase}. The page does not need the event's content: on each event it
 * fetches the board's HTML fragment again. Only new events are sent (no replay): the page was just rendered.
 *
 * <p>No thread waits for the stream: the response goes into the servlet's async, non-blocking mode and the server's
 * {@link LiveStreams} pump writes it (shared with the HTTP API's event streams when bootstrap composes the two, through
 * the {@link LiveStreams#SHARED_KEY} application data, so that one user's streams count against one cap; a web
 * interface served alone has a pump of its own). Every {@link LiveStreams.Settings#recheck()}, whether events flow or
 * not, the session and the membership are checked again: a sign-out, a password change, a disabled user or a removed
 * membership ends the stream with {@code stream.closing} ({@code "signed_out"}).
 */
final class LiveUpdates {
    private static final Logger LOG = LoggerFactory.getLogger(LiveUpdates.class);
    private static final Key<LiveStreams> SHARED = new Key<>(LiveStreams.SHARED_KEY);

    private final Web web;
    private final SignInUseCase signIn;
    private final CallerUseCase identity;
    private final EventStreamUseCase events;
    private final Object ownLock = new Object();
    private LiveStreams own;

    LiveUpdates(Web web, SignInUseCase signIn, CallerUseCase identity, EventStreamUseCase events) {
        this.web = web;
        this.signIn = signIn;
        this.identity = identity;
        this.events = events;
    }

    void serve(Context ctx) throws IOException {
        String session = ctx.cookie(Web.SESSION_COOKIE);
        Actor caller;
        BoardId board;
        try {
            board = Web.boardId(ctx);
            caller = identity.onBoard(web.person(ctx), board);
        } catch (TasklaneException | PasswordChangeRequired refused) {
            ctx.status(refused instanceof UnauthenticatedException || refused instanceof PasswordChangeRequired ? 401 : 404);
            return;
        }
        LiveStreams.Lease lease;
        try {
            lease = streams(ctx).reserve(caller.user().id());
        } catch (LiveStreams.TooManyStreams refused) {
            ctx.status(429).header("Retry-After", "5").contentType("text/plain; charset=utf-8")
                    .result("Too many live streams for this user: " + refused.open() + " open, at most " + refused.cap()
                            + ". Close a page or an agent's event stream.");
            return;
        }
        EventStreamUseCase.Subscription subscription = null;
        try {
            // subscribed before anything is sent: an event caused after the page sees the stream open is delivered
            subscription = events.subscribe(board, null);
            HttpServletResponse response = ctx.res();
            response.setStatus(200);
            response.setCharacterEncoding("UTF-8");
            response.setContentType("text/event-stream");
            response.setHeader("Cache-Control", "no-cache");
            response.setHeader("X-Accel-Buffering", "no");
            AsyncContext async = ctx.req().startAsync();
            Output output = Output.start(async, response.getOutputStream(), lease);
            lease.start(subscription, new Frames(ctx.jsonMapper(), session, board), output);
            ctx.future(() -> output.done);
        } catch (IOException | RuntimeException failed) {
            if (subscription != null) {
                subscription.close();
            }
            lease.release();
            if (failed instanceof IOException gone) {
                LOG.debug("board page's event stream went away: {}", gone.getMessage());
                return;
            }
            throw (RuntimeException) failed;
        }
    }

    /** The server's shared pump when there is one, else this interface's own. */
    private LiveStreams streams(Context ctx) {
        try {
            LiveStreams shared = ctx.appData(SHARED);
            if (shared != null) {
                return shared;
            }
        } catch (RuntimeException none) {
            // served without the HTTP API
        }
        synchronized (ownLock) {
            if (own == null) {
                own = new LiveStreams(LiveStreams.Settings.defaults());
            }
            return own;
        }
    }

    /** The frames of one page's stream, and the re-check of its session and membership. */
    private final class Frames implements LiveStreams.Stream {
        private final JsonMapper json;
        private final String session;
        private final BoardId board;

        Frames(JsonMapper json, String session, BoardId board) {
            this.json = json;
            this.session = session;
            this.board = board;
        }

        @Override
        public String opening() {
            return ": connected to board " + board + "\n\n";
        }

        @Override
        public String event(TaskEvent event) {
            return "id: " + event.sequence() + "\nevent: " + event.type() + "\ndata: "
                    + json.toJsonString(new Moved(event.identifier(), event.status()), Moved.class) + "\n\n";
        }

        @Override
        public String ending(EventStreamUseCase.End end) {
            // the page reloads its fragment on reconnect, so it needs no resume id
            return closing(end.reason().name().toLowerCase(Locale.ROOT));
        }

        @Override
        public String unauthorized() {
            return closing("signed_out");
        }

        /** A session that ended (sign-out, password change, disabled user) or a removed membership ends the stream. */
        @Override
        public boolean stillAuthorized() {
            try {
                identity.onBoard(signIn.resolve(session), board);
                return true;
            } catch (TasklaneException ended) {
                return false;
            }
        }

        private String closing(String reason) {
            return "event: stream.closing\ndata: " + json.toJsonString(new Closing(reason), Closing.class) + "\n\n";
        }
    }

    /**
     * The response in the servlet's async, non-blocking mode: writes only when the output stream is ready, and
     * tells the lease when it may write again or when the page went away.
     */
    private static final class Output implements LiveStreams.Output {
        private final AsyncContext async;
        private final ServletOutputStream out;
        final CompletableFuture<Void> done = new CompletableFuture<>();
        /** The container ended the request itself (an error, the page gone): nothing may touch it any more. */
        private boolean over;

        private Output(AsyncContext async, ServletOutputStream out) {
            this.async = async;
            this.out = out;
        }

        static Output start(AsyncContext async, ServletOutputStream out, LiveStreams.Lease lease) {
            async.setTimeout(0);
            Output output = new Output(async, out);
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

        synchronized void over() {
            over = true;
        }

        /** Lets Javalin complete the response, unless the container ended the request already (recycled). */
        @Override
        public synchronized void finish() {
            if (over) {
                return;
            }
            try {
                async.getResponse();
            } catch (IllegalStateException recycled) {
                return;
            }
            done.complete(null);
        }
    }

    /**
     * The data of a task event: which task moved, and its status. Like every event's data it is written as JSON by
     * the server's one JSON mapper (the HTTP API's, which bootstrap composes the web interface with), never by hand.
     */
    record Moved(String identifier, String status) {
    }

    /** The data of {@code stream.closing}: why the stream ends. */
    record Closing(String reason) {
    }
}
