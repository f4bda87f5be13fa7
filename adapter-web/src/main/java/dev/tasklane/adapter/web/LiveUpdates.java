package dev.tasklane.adapter.web;

import dev.tasklane.application.port.in.EventStreamUseCase;
import dev.tasklane.domain.agent.Actor;
import dev.tasklane.application.port.in.IdentityUseCase;
import dev.tasklane.application.port.in.TaskEvent;
import dev.tasklane.domain.error.TasklaneException;
import dev.tasklane.domain.id.BoardId;
import io.javalin.http.sse.SseClient;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code GET /boards/:id/events}: the board's task events for the signed-in person's page, as Server-Sent
 * Events fed by {@link EventStreamUseCase}. The page does not need the event's content: on each event it
 * fetches the board's HTML fragment again. Only new events are sent (no replay): the page was just rendered.
 */
final class LiveUpdates {
    private static final Logger LOG = LoggerFactory.getLogger(LiveUpdates.class);
    private static final java.time.Duration KEEP_ALIVE = java.time.Duration.ofSeconds(15);

    private final Web web;
    private final IdentityUseCase identity;
    private final EventStreamUseCase events;

    LiveUpdates(Web web, IdentityUseCase identity, EventStreamUseCase events) {
        this.web = web;
        this.identity = identity;
        this.events = events;
    }

    void serve(SseClient client) {
        Actor caller;
        try {
            caller = caller(client);
        } catch (TasklaneException | PasswordChangeRequired refused) {
            client.ctx().status(refused instanceof dev.tasklane.application.port.in.UnauthenticatedException
                    || refused instanceof PasswordChangeRequired ? 401 : 404);
            client.close();
            return;
        }
        // subscribed before anything is sent: an event caused after the page sees the stream open is delivered
        try (EventStreamUseCase.Subscription subscription = events.subscribe(caller.board().id(), null)) {
            client.sendComment("connected to board " + caller.board().id());
            while (!client.terminated()) {
                EventStreamUseCase.Delivery next = subscription.poll(KEEP_ALIVE);
                if (next instanceof EventStreamUseCase.Event delivered) {
                    send(client, delivered.event());
                } else if (next instanceof EventStreamUseCase.End end) {
                    // the page reloads its fragment on reconnect, so it needs no resume id
                    client.sendEvent("stream.closing",
                            new Closing(end.reason().name().toLowerCase(java.util.Locale.ROOT)));
                    return;
                } else if (!stillSignedIn(client)) {
                    client.sendEvent("stream.closing", new Closing("signed_out"));
                    return;
                } else {
                    client.sendComment("keep-alive");
                }
            }
        } catch (InterruptedException stopping) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException gone) {
            LOG.debug("board page's event stream went away: {}", gone.getMessage());
        }
    }

    private Actor caller(SseClient client) {
        Actor person = web.person(client.ctx());
        return identity.onBoard(person, BoardId.of(Web.pathId(client.ctx(), "board")));
    }

    /**
     * A session that ended (sign-out, password change, its idle or absolute lifetime, disabled user) ends the stream
     * too: asked of the store again at each keep-alive, not of what the request found when it opened.
     */
    private boolean stillSignedIn(SseClient client) {
        try {
            identity.onBoard(web.personNow(client.ctx()), BoardId.of(Web.pathId(client.ctx(), "board")));
            return true;
        } catch (TasklaneException | PasswordChangeRequired ended) {
            return false;
        }
    }

    private static void send(SseClient client, TaskEvent event) {
        client.sendEvent(event.type(), new Moved(event.identifier(), event.status()), Long.toString(event.sequence()));
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
