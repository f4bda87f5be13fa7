package dev.tasklane.adapter.web;

import dev.tasklane.application.port.in.EventStreamUseCase;
import dev.tasklane.application.port.in.IdentityUseCase.Caller;
import dev.tasklane.application.port.in.PeopleUseCase;
import dev.tasklane.application.port.in.SignInUseCase.Person;
import dev.tasklane.application.port.in.TaskEvent;
import dev.tasklane.domain.error.TasklaneException;
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

    private final Web web;
    private final PeopleUseCase people;
    private final EventStreamUseCase events;

    LiveUpdates(Web web, PeopleUseCase people, EventStreamUseCase events) {
        this.web = web;
        this.people = people;
        this.events = events;
    }

    void serve(SseClient client) {
        Caller caller;
        try {
            Person person = web.person(client.ctx());
            caller = people.onBoard(person, Web.pathId(client.ctx(), "board"));
        } catch (TasklaneException refused) {
            client.ctx().status(refused instanceof dev.tasklane.application.port.in.UnauthenticatedException ? 401 : 404);
            client.close();
            return;
        }
        client.keepAlive();
        client.sendComment("connected to board " + caller.board().id());
        EventStreamUseCase.Subscription subscription = events.subscribe(caller.board().id(), null, event -> send(client, event));
        client.onClose(subscription::close);
    }

    private static void send(SseClient client, TaskEvent event) {
        if (client.terminated()) {
            return;
        }
        try {
            client.sendEvent(event.type(), "{\"identifier\":\"" + event.identifier().replace("\"", "") + "\",\"status\":\""
                    + event.status() + "\"}", Long.toString(event.sequence()));
        } catch (RuntimeException gone) {
            LOG.debug("board page's event stream went away: {}", gone.getMessage());
        }
    }
}
