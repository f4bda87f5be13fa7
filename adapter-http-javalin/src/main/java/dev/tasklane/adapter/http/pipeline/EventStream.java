package dev.tasklane.adapter.http.pipeline;


import dev.tasklane.adapter.http.error.ErrorBody;
import dev.tasklane.domain.identity.Scope;
import dev.tasklane.adapter.http.error.RequestRefused;
import dev.tasklane.adapter.http.wire.StreamEndView;
import dev.tasklane.adapter.http.wire.TaskEventView;
import dev.tasklane.application.port.in.EventStreamUseCase;
import dev.tasklane.application.port.in.EventStreamUseCase.Delivery;
import dev.tasklane.application.port.in.EventStreamUseCase.End;
import dev.tasklane.application.port.in.EventStreamUseCase.Event;
import dev.tasklane.application.port.in.IdentityUseCase;
import dev.tasklane.domain.agent.Actor;
import dev.tasklane.domain.identity.ApiToken;
import dev.tasklane.application.port.in.TaskEvent;
import dev.tasklane.application.port.in.UnauthenticatedException;
import io.javalin.http.HandlerType;
import jakarta.servlet.http.HttpServletResponse;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
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
 * then acted receives its own event. The request's thread writes the stream from the subscription's bounded
 * queue: a client that stops reading blocks only this thread, and the bus ends its subscription when the
 * queue overflows. Every {@link EventStreamSettings#keepAlive()} without an event the stream sends a comment
 * and checks the token; the stream ends with a last event when the token is revoked or expires
 * ({@code stream.unauthorized}), when the reader fell behind ({@code stream.lagging}) or when the server
 * shuts down ({@code stream.closing}); the last two carry the id to resume from.
 */
public final class EventStream {
    public static final String LAGGING = "stream.lagging";
    static final String CLOSING = "stream.closing";
    public static final String UNAUTHORIZED = "stream.unauthorized";
    private static final Logger LOG = LoggerFactory.getLogger(EventStream.class);
    private static final String BEARER = "Bearer ";

    private final EventStreamUseCase events;
    private final IdentityUseCase identity;
    private final Json json;
    private final EventStreamSettings settings;
    private final Clock clock;
    private final Map<Long, AtomicInteger> openPerToken = new ConcurrentHashMap<>();
    private final Route route;

    public EventStream(EventStreamUseCase events, IdentityUseCase identity, Json json, EventStreamSettings settings, Clock clock) {
        this.events = events;
        this.identity = identity;
        this.json = json;
        this.settings = settings;
        this.clock = clock;
        this.route = Route.needs(Scope.READ, HandlerType.GET, "/api/events",
                "Server-Sent Events of the board's task changes (Last-Event-ID resumes)", this::serve);
    }

    public Route route() {
        return route;
    }

    private void serve(Call call) throws InterruptedException {
        Actor caller = call.caller();
        Long afterId = lastEventId(call.ctx().header("Last-Event-ID"));
        long key = caller.tokenId() == null ? -caller.user().id().value() : caller.tokenId();
        AtomicInteger open = openPerToken.computeIfAbsent(key, any -> new AtomicInteger());
        if (open.incrementAndGet() > settings.maxStreamsPerToken()) {
            release(key, open);
            throw new RequestRefused(429, ErrorBody.builder().error("Too many event streams for this token")
                    .detail("A token may hold at most " + settings.maxStreamsPerToken() + " event streams open on a "
                            + "server (TASKLANE_MAX_STREAMS_PER_TOKEN). Close one, or use one stream per agent process.")
                    .limit(settings.maxStreamsPerToken()).build(), Map.of("Retry-After", "5"));
        }
        try (EventStreamUseCase.Subscription subscription = events.subscribe(caller.board().id(), afterId)) {
            HttpServletResponse response = call.ctx().res();
            response.setStatus(200);
            response.setCharacterEncoding("UTF-8");
            response.setContentType("text/event-stream");
            response.setHeader("Cache-Control", "no-cache");
            response.setHeader("X-Accel-Buffering", "no");
            OutputStream out = response.getOutputStream();
            response.flushBuffer();
            stream(out, subscription, call.ctx().header("Authorization"), caller);
        } catch (IOException gone) {
            LOG.debug("event stream client went away: {}", gone.getMessage());
        } finally {
            release(key, open);
        }
    }

    private void release(long key, AtomicInteger open) {
        if (open.decrementAndGet() <= 0) {
            openPerToken.remove(key, open);
        }
    }

    private void stream(OutputStream out, EventStreamUseCase.Subscription subscription, String authorization,
                        Actor caller) throws IOException, InterruptedException {
        Instant expiresAt = caller.token().map(ApiToken::expiresAt).orElse(null);
        while (true) {
            Duration wait = settings.keepAlive();
            if (expiresAt != null) {
                Duration left = Duration.between(clock.instant(), expiresAt);
                wait = left.compareTo(wait) < 0 ? left : wait;
            }
            Delivery next = wait.isNegative() || wait.isZero() ? null : subscription.poll(wait);
            if (next instanceof Event delivered) {
                write(out, delivered.event().type(), delivered.event().sequence(), TaskEventView.of(delivered.event()));
            } else if (next instanceof End end) {
                ending(out, end);
                return;
            } else if (!stillAuthorized(authorization, caller)) {
                write(out, UNAUTHORIZED, null, new StreamEndView.Refused("token_invalid",
                        "The token was revoked or expired; the stream ended. Reconnect with a valid token."));
                return;
            } else {
                out.write(": keep-alive\n\n".getBytes(StandardCharsets.UTF_8));
                out.flush();
            }
        }
    }

    private void ending(OutputStream out, End end) throws IOException {
        if (end.reason() == EventStreamUseCase.EndReason.CLOSED) {
            return;
        }
        boolean lagging = end.reason() == EventStreamUseCase.EndReason.LAGGING;
        StreamEndView data = new StreamEndView(lagging ? "lagging" : "shutdown", end.lastEventId(),
                (lagging ? "This client fell too far behind the board's events; the stream ended."
                        : "The server is shutting down; the stream ended.")
                        + " Reconnect (to any server) with the header Last-Event-ID: " + end.lastEventId()
                        + " to receive every event after it.");
        write(out, lagging ? LAGGING : CLOSING, end.lastEventId(), data);
    }

    /** Re-checks the token (revoked, expired); a store that cannot be reached does not end the stream. */
    private boolean stillAuthorized(String authorization, Actor caller) {
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

    private void write(OutputStream out, String type, Long id, Object data) throws IOException {
        StringBuilder frame = new StringBuilder();
        if (id != null) {
            frame.append("id: ").append(id).append('\n');
        }
        frame.append("event: ").append(type).append('\n');
        frame.append("data: ").append(json.write(data)).append("\n\n");
        out.write(frame.toString().getBytes(StandardCharsets.UTF_8));
        out.flush();
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
