package dev.tasklane.archfixture.application.service;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.List;
import java.util.Map;

/**
 * Breaks applicationReadsNoJsonShapes: the application reads a card's body itself, once from a Jackson tree and once
 * from a plain tree of maps and lists, instead of taking a typed command.
 */
public final class CardBodyParser {
    public String title(JsonNode body) {
        return body.path("title").asText();
    }

    public int labels(Object body) {
        if (body instanceof Map<?, ?> object && object.get("labels") instanceof List<?> labels) {
            return labels.size();
        }
        return 0;
    }
}
