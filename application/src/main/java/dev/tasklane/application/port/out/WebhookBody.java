package dev.tasklane.application.port.out;

import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.id.TaskId;
import dev.tasklane.domain.id.UserId;

/**
 * The body of a webhook delivery (docs/operations.md, "Webhooks"), typed: a Slack message, or the envelope every
 * other subscription receives. {@link WebhookJson} writes it as JSON text with its keys in the order of the record
 * components, snake_case, nulls written as {@code null}.
 */
public sealed interface WebhookBody {

    /** A Slack incoming-webhook message: {@code {"text": ...}}. */
    record SlackMessage(String text) implements WebhookBody {
    }

    /**
     * {@code type}, {@code timestamp} (the event's time), {@code board_id}, {@code event_id} (the outbox number,
     * {@code sequence}; null for a test delivery) and {@code data}.
     */
    record Envelope(String type, String timestamp, BoardId board, Long sequence, Data data) implements WebhookBody {
    }

    /** What an envelope carries. */
    sealed interface Data {
    }

    /**
     * The event as the event stream carries it: {@code id} (its outbox number, {@code sequence}), {@code type},
     * {@code task_id}, {@code identifier}, {@code status}, {@code column}, {@code actor}, {@code agent}, {@code at};
     * an absent task or actor is written as {@code null}.
     */
    record EventData(long sequence, String type, TaskId task, String identifier, String status, String column,
                     UserId actor, String agent, String at) implements Data {
    }

    /** A test delivery's {@code message}. */
    record TestData(String message) implements Data {
    }
}
