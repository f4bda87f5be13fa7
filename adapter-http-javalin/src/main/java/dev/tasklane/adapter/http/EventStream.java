package dev.tasklane.adapter.http;

import dev.tasklane.application.port.in.EventStreamUseCase;
import dev.tasklane.application.port.in.IdentityUseCase.Caller;
import dev.tasklane.application.port.in.TaskEvent;
import io.javalin.http.HandlerType;
import io.javalin.http.sse.SseClient;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@code GET /api/events}: the caller's board's task events as Server-Sent Events. Event name = type,
 * id = sequence (resumable through {@code Last-Event-ID}), data = a JSON object.
 */
final class EventStream {
    static final String CALLER = "tasklane.caller";
    private static final Logger LOG = LoggerFactory.getLogger(EventStream.class);

    private final EventStreamUseCase events;
    private final Json json;
    private final Route route;

    EventStream(EventStreamUseCase events, Json json) {
        this.events = events;
        this.json = json;
        this.route = Route.authed(HandlerType.GET, "/api/events",
                "Server-Sent Events of the board's task changes (Last-Event-ID resumes)", call -> { });
    }

    Route route() {
        return route;
    }

    void serve(SseClient client) {
        Caller caller = client.ctx().attribute(CALLER);
        if (caller == null) {
            client.close();
            return;
        }
        Long lastEventId = lastEventId(client.ctx().header("Last-Event-ID"));
        client.keepAlive();
        EventStreamUseCase.Subscription subscription = events.subscribe(caller.board().id(), lastEventId, event -> send(client, event));
        client.onClose(subscription::close);
    }

    private void send(SseClient client, TaskEvent event) {
        if (client.terminated()) {
            return;
        }
        try {
            client.sendEvent(event.type(), json.write(data(event)), Long.toString(event.sequence()));
        } catch (RuntimeException gone) {
            LOG.debug("event stream client went away: {}", gone.getMessage());
        }
    }

    static Map<String, Object> data(TaskEvent event) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("id", event.sequence());
        data.put("type", event.type());
        data.put("task_id", event.taskId());
        data.put("identifier", event.identifier());
        data.put("status", event.status());
        data.put("column", event.column());
        data.put("actor", event.actorUserId());
        data.put("agent", event.agentName());
        data.put("at", TaskJson.utc(event.at()));
        return data;
    }

    private static Long lastEventId(String header) {
        if (header == null || header.isBlank()) {
            return null;
        }
        try {
            return Long.parseLong(header.trim());
        } catch (NumberFormatException notASequence) {
            return null;
        }
    }
}
