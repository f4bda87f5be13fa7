package dev.tasklane.adapter.http.pipeline;


import dev.tasklane.adapter.http.error.ErrorBody;
import dev.tasklane.domain.identity.Scope;
import dev.tasklane.adapter.http.error.RequestRefused;
import dev.tasklane.adapter.http.wire.StreamEndView;
import dev.tasklane.adapter.http.wire.TaskEventView;
import dev.tasklane.application.port.in.EventStreamUseCase;
import dev.tasklane.application.port.in.EventStreamUseCase.End;
import dev.tasklane.application.port.in.CallerUseCase;
import dev.tasklane.domain.agent.Actor;
import dev.tasklane.domain.identity.ApiToken;
import dev.tasklane.application.port.in.TaskEvent;
import dev.tasklane.application.port.in.UnauthenticatedException;
import dev.tasklane.edge.LiveStreams;
import io.javalin.http.Context;
import io.javalin.http.HandlerType;
import jakarta.servlet.AsyncContext;
import jakarta.servlet.http.HttpServletResponse;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.time.Clock;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * {@code GET /api/events}: the caller's board's task events as Server-Sent Events. Event name = type,
 * id = the event's number in the store's outbox (the same on every server, so {@code Last-Event-ID} resumes
 * anywhere), data = a JSON object.
 *
 * <p>The subscription is taken before the response headers go out, so a client that saw the headers and
 * then acted receives its own event. No thread waits for the stream: the request's thread puts the response in the
 * servlet's async, non-blocking mode and returns, and the server's {@link LiveStreams} pump writes the subscription's
 * events as the client takes them; a client that stops reading holds up nothing, and the bus ends its subscription
 * when its bounded queue overflows. After {@link EventStreamSettings#keepAlive()} without a write the stream sends a
 * comment; every {@link EventStreamSettings#recheck()}, whether events flow or not, it checks the token. The stream
 * ends with a last event when the token is revoked or expires ({@code stream.unauthorized}), when the reader fell
 * behind ({@code stream.lagging}) or when the server shuts down ({@code stream.closing}); the last two carry the id to
 * resume from. A token may hold {@link EventStreamSettings#maxStreamsPerToken()} streams, a user
 * {@link EventStreamSettings#maxStreamsPerUser()} across all their tokens and web sessions.
 */
public final class EventStream {
    public static final String LAGGING = "stream.lagging";
    static final String CLOSING = "stream.closing";
    public static final String UNAUTHORIZED = "stream.unauthorized";
    private static final Logger LOG = LoggerFactory.getLogger(EventStream.class);
    private static final String BEARER = "Bearer ";
    /** The {@code Retry-After} of a refused stream, in seconds. */
    private static final String RETRY_AFTER = "5";

    private final EventStreamUseCase events;
    private final CallerUseCase identity;
    private final Json json;
    private final EventStreamSettings settings;
    private final Clock clock;
    private final LiveStreams live;
    private final Map<Long, AtomicInteger> openPerToken = new ConcurrentHashMap<>();
    private final Route route;

    public EventStream(EventStreamUseCase events, CallerUseCase identity, Json json, EventStreamSettings settings,
                       Clock clock) {
        this(events, identity, json, settings, clock, new LiveStreams(settings.liveStreams()));
    }

    /** Streams through {@code live}, which the server shares with the web interface's live updates. */
    public EventStream(EventStreamUseCase events, CallerUseCase identity, Json json, EventStreamSettings settings,
                       Clock clock, LiveStreams live) {
        this.events = events;
        this.identity = identity;
        this.json = json;
        this.settings = settings;
        this.clock = clock;
        this.live = live;
        this.route = Route.needs(Scope.READ, HandlerType.GET, "/api/events",
                "Server-Sent Events of the board's task changes (Last-Event-ID resumes)", this::serve);
    }

    public Route route() {
        return route;
    }

    private void serve(Call call) {
        Actor caller = call.caller();
        Long afterId = lastEventId(call.ctx().header("Last-Event-ID"));
        long key = caller.tokenId() == null ? -caller.user().id().value() : caller.tokenId();
        AtomicInteger open = openPerToken.computeIfAbsent(key, any -> new AtomicInteger());
        if (open.incrementAndGet() > settings.maxStreamsPerToken()) {
            release(key, open);
            throw new RequestRefused(429, ErrorBody.builder().error("Too many event streams for this token")
                    .detail("A token may hold at most " + settings.maxStreamsPerToken() + " event streams open on a "
                            + "server (TASKLANE_MAX_STREAMS_PER_TOKEN). Close one, or use one stream per agent process.")
                    .limit(settings.maxStreamsPerToken()).build(), Map.of("Retry-After", RETRY_AFTER));
        }
        LiveStreams.Lease lease;
        try {
            lease = live.reserve(caller.user().id());
        } catch (LiveStreams.TooManyStreams refused) {
            release(key, open);
            throw tooManyForUser(refused);
        }
        EventStreamUseCase.Subscription subscription = null;
        try {
            subscription = events.subscribe(caller.board().id(), afterId);
            Context ctx = call.ctx();
            HttpServletResponse response = ctx.res();
            response.setStatus(200);
            response.setCharacterEncoding("UTF-8");
            response.setContentType("text/event-stream");
            response.setHeader("Cache-Control", "no-cache");
            response.setHeader("X-Accel-Buffering", "no");
            AsyncContext async = ctx.req().startAsync();
            EventStreamOutput output = EventStreamOutput.start(async, response.getOutputStream(), lease,
                    () -> release(key, open));
            lease.start(subscription, new Frames(call.ctx().header("Authorization"), caller), output);
            ctx.future(() -> output.done);
        } catch (IOException | RuntimeException failed) {
            if (subscription != null) {
                subscription.close();
            }
            lease.release();
            release(key, open);
            if (failed instanceof IOException gone) {
                LOG.debug("event stream client went away: {}", gone.getMessage());
                return;
            }
            throw (RuntimeException) failed;
        }
    }

    /** 429: the user holds as many streams as they may, whichever tokens or web sessions hold them. */
    static RequestRefused tooManyForUser(LiveStreams.TooManyStreams refused) {
        return new RequestRefused(429, ErrorBody.builder().error("Too many event streams for this user")
                .detail("This user holds " + refused.open() + " live streams open on this server (event streams and "
                        + "web pages' live updates, over all their tokens and sessions), and may hold at most "
                        + refused.cap() + " (TASKLANE_MAX_STREAMS_PER_USER). Close one, or share one stream between "
                        + "the agents of a process.")
                .limit(refused.cap()).build(), Map.of("Retry-After", RETRY_AFTER));
    }

    private void release(long key, AtomicInteger open) {
        if (open.decrementAndGet() <= 0) {
            openPerToken.remove(key, open);
        }
    }

    /** The frames of one stream, and its token's re-check. */
    private final class Frames implements LiveStreams.Stream {
        private final String authorization;
        private final Actor caller;

        Frames(String authorization, Actor caller) {
            this.authorization = authorization;
            this.caller = caller;
        }

        @Override
        public String event(TaskEvent event) {
            return frame(event.type(), event.sequence(), TaskEventView.of(event));
        }

        @Override
        public String ending(End end) {
            if (end.reason() == EventStreamUseCase.EndReason.CLOSED) {
                return null;
            }
            boolean lagging = end.reason() == EventStreamUseCase.EndReason.LAGGING;
            StreamEndView data = new StreamEndView(lagging ? "lagging" : "shutdown", end.lastEventId(),
                    (lagging ? "This client fell too far behind the board's events; the stream ended."
                            : "The server is shutting down; the stream ended.")
                            + " Reconnect (to any server) with the header Last-Event-ID: " + end.lastEventId()
                            + " to receive every event after it.");
            return frame(lagging ? LAGGING : CLOSING, end.lastEventId(), data);
        }

        @Override
        public String unauthorized() {
            return frame(UNAUTHORIZED, null, new StreamEndView.Refused("token_invalid",
                    "The token was revoked or expired; the stream ended. Reconnect with a valid token."));
        }

        /** Re-checks the token (revoked, expired); a store that cannot be reached does not end the stream. */
        @Override
        public boolean stillAuthorized() {
            Instant tokenExpiry = caller.token().map(ApiToken::expiresAt).orElse(null);
            if (tokenExpiry != null && !clock.instant().isBefore(tokenExpiry)) {
                return false;
            }
            if (authorization == null || !authorization.startsWith(BEARER)) {
                return true;
            }
            try {
                identity.authenticate(authorization.substring(BEARER.length()).trim(), null);
                return true;
            } catch (UnauthenticatedException refused) {
                return false;
            } catch (RuntimeException unreachable) {
                LOG.debug("could not re-check an event stream's token: {}", unreachable.getMessage());
                return true;
            }
        }
    }

    private String frame(String type, Long id, Object data) {
        StringBuilder frame = new StringBuilder();
        if (id != null) {
            frame.append("id: ").append(id).append('\n');
        }
        frame.append("event: ").append(type).append('\n');
        frame.append("data: ").append(json.write(data)).append("\n\n");
        return frame.toString();
    }

    /** The resume point: absent or blank for none; anything but a non-negative integer is refused. */
    private static Long lastEventId(String header) {
        if (header == null || header.isBlank()) {
            return null;
        }
        try {
            long id = Long.parseLong(header.trim());
            if (id >= 0) {
                return id;
            }
        } catch (NumberFormatException notANumber) {
            // refused below
        }
        throw RequestRefused.invalid("Last-Event-ID", "must be the id of an event the stream sent (a non-negative integer), "
                + "or absent to start with the next event");
    }
}
