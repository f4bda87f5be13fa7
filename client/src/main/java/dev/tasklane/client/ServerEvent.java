package dev.tasklane.client;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * One Server-Sent Event of {@code GET /api/events}: its name ({@code task.reviewed}), its sequence id and its data
 * ({@code {id, type, task_id, identifier, status, column, actor, agent, at}}).
 */
public record ServerEvent(String type, String id, JsonNode data) {

    public String identifier() {
        return data.path("identifier").asText(null);
    }
}
