package dev.tasklane.client;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.MissingNode;

import java.util.Optional;

/**
 * Turns the lines of a {@code text/event-stream} body into events: {@code event:}, {@code id:} and {@code data:}
 * fields accumulate until a blank line dispatches them; lines starting with {@code :} are comments (keep-alives).
 */
final class SseParser {
    private static final ObjectMapper JSON = new ObjectMapper();

    private String type;
    private String id;
    private final StringBuilder data = new StringBuilder();

    /** Feeds one line; answers the event it completes, if any. */
    Optional<ServerEvent> line(String line) {
        if (line.isEmpty()) {
            return dispatch();
        }
        if (line.startsWith(":")) {
            return Optional.empty();
        }
        int colon = line.indexOf(':');
        String field = colon < 0 ? line : line.substring(0, colon);
        String value = colon < 0 ? "" : line.substring(colon + 1);
        if (value.startsWith(" ")) {
            value = value.substring(1);
        }
        switch (field) {
            case "event" -> type = value;
            case "id" -> id = value;
            case "data" -> data.append(data.length() == 0 ? "" : "\n").append(value);
            default -> { }
        }
        return Optional.empty();
    }

    private Optional<ServerEvent> dispatch() {
        if (data.length() == 0 && type == null) {
            return Optional.empty();
        }
        ServerEvent event = new ServerEvent(type == null ? "message" : type, id, parse(data.toString()));
        type = null;
        id = null;
        data.setLength(0);
        return Optional.of(event);
    }

    private static JsonNode parse(String text) {
        try {
            return JSON.readTree(text);
        } catch (JsonProcessingException notJson) {
            return MissingNode.getInstance();
        }
    }
}
