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

    /** Writes the body's keys, in order, to {@code out}: the one place that knows its JSON names. */
    void writeTo(Fields out);

    /** A JSON object being written, of whichever library the writer uses; a null value is written as {@code null}. */
    interface Fields {
        void put(String key, String value);

        void put(String key, Long value);

        /** A nested object under {@code key}, written in place. */
        Fields object(String key);
    }

    /** A Slack incoming-webhook message: {@code {"text": ...}}. */
    record SlackMessage(String text) implements WebhookBody {
        @Override
        public void writeTo(Fields out) {
            out.put("text", text);
        }
    }

    /**
     * {@code type}, {@code timestamp} (the event's time), {@code board_id}, {@code event_id} (the outbox number,
     * {@code sequence}; null for a test delivery) and {@code data}.
     */
    record Envelope(String type, String timestamp, BoardId board, Long sequence, Data data) implements WebhookBody {
        @Override
        public void writeTo(Fields out) {
            out.put("type", type);
            out.put("timestamp", timestamp);
            out.put("board_id", board.value());
            out.put("event_id", sequence);
            data.writeTo(out.object("data"));
        }
    }

    /** What an envelope carries. */
    sealed interface Data {
        void writeTo(Fields out);
    }

    /**
     * The event as the event stream carries it: {@code id} (its outbox number, {@code sequence}), {@code type},
     * {@code task_id}, {@code identifier}, {@code status}, {@code column}, {@code actor}, {@code agent}, {@code at};
     * an absent task or actor is written as {@code null}.
     */
    record EventData(long sequence, String type, TaskId task, String identifier, String status, String column,
                     UserId actor, String agent, String at) implements Data {
        @Override
        public void writeTo(Fields out) {
            out.put("id", sequence);
            out.put("type", type);
            out.put("task_id", task == null ? null : task.value());
            out.put("identifier", identifier);
            out.put("status", status);
            out.put("column", column);
            out.put("actor", actor == null ? null : actor.value());
            out.put("agent", agent);
            out.put("at", at);
        }
    }

    /** A test delivery's {@code message}. */
    record TestData(String message) implements Data {
        @Override
        public void writeTo(Fields out) {
            out.put("message", message);
        }
    }
}
