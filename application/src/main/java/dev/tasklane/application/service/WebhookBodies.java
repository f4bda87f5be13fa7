package dev.tasklane.application.service;

import dev.tasklane.application.port.out.WebhookBody;
import dev.tasklane.application.port.out.WebhookJson;
import dev.tasklane.application.port.in.TaskEvent;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.webhook.WebhookPreset;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/**
 * The JSON body of a delivery: {@code type}, {@code timestamp} (the event's time), {@code board_id},
 * {@code event_id} (the outbox number, for ordering and de-duplication) and {@code data}, the event as the event
 * stream carries it. Written once per delivery, so that every attempt sends the same bytes.
 */
final class WebhookBodies {
    static final String TEST_TYPE = "webhook.test";
    private static final DateTimeFormatter UTC = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS'Z'")
            .withZone(ZoneOffset.UTC);

    private final WebhookJson json;
    private final String baseUrl;

    /** @param baseUrl the server's public base URL, for the links of Slack messages; null: none */
    WebhookBodies(WebhookJson json, String baseUrl) {
        this.json = json;
        this.baseUrl = baseUrl == null ? null : baseUrl.replaceAll("/+$", "");
    }

    String of(TaskEvent event, WebhookPreset preset) {
        return preset == WebhookPreset.SLACK ? slack(event) : of(event);
    }

    /**
     * A Slack incoming-webhook message: one readable line, the task linked to its page when the base URL is known.
     * Slack's mrkdwn escapes {@code &}, {@code <} and {@code >}.
     */
    private String slack(TaskEvent event) {
        String what = switch (event.type()) {
            case "task.review_requested" -> "needs review";
            case "task.unclaimed" -> "was stopped (unclaimed)";
            case "task.claim_expired" -> "was stopped (its claim expired)";
            case "task.completed", "task.done" -> "is done";
            default -> event.type();
        };
        String task = escape(event.identifier() == null ? "a task" : event.identifier());
        String linked = baseUrl == null || event.identifier() == null ? task
                : "<" + baseUrl + "/boards/" + event.boardId().value() + "/tasks/" + event.identifier() + "|" + task + ">";
        String who = event.agentName() == null ? "" : " (" + escape(event.agentName()) + ")";
        return json.write(new WebhookBody.SlackMessage(linked + " " + what + who));
    }

    private static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }

    String of(TaskEvent event) {
        WebhookBody.EventData data = new WebhookBody.EventData(event.sequence(), event.type(), event.taskId(),
                event.identifier(), event.status(), event.column(), event.actorUserId(), event.agentName(),
                UTC.format(event.at()));
        return envelope(event.type(), event.boardId(), event.sequence(), event.at(), data);
    }

    String test(BoardId boardId, Instant now, WebhookPreset preset) {
        if (preset == WebhookPreset.SLACK) {
            return json.write(new WebhookBody.SlackMessage("A test message from Tasklane: this Slack webhook works."));
        }
        WebhookBody.TestData data =
                new WebhookBody.TestData("A test delivery from Tasklane: the subscription's URL and secret work.");
        return envelope(TEST_TYPE, boardId, null, now, data);
    }

    private String envelope(String type, BoardId boardId, Long eventId, Instant at, WebhookBody.Data data) {
        return json.write(new WebhookBody.Envelope(type, UTC.format(at), boardId, eventId, data));
    }
}
