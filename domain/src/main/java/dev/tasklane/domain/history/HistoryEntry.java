package dev.tasklane.domain.history;

import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One line of a task's history: what happened, when, who did it (user and agent name), and the facts that
 * changed (for an assignment, {@code from} and {@code to}).
 */
public record HistoryEntry(long taskId, HistoryKind kind, Instant at, Long actorUserId, String agentName,
                           Map<String, Object> facts) {
    public HistoryEntry {
        facts = Collections.unmodifiableMap(new LinkedHashMap<>(facts == null ? Map.of() : facts));
    }

    public static HistoryEntry assignment(long taskId, Long from, Long to, Long actorUserId, Instant at) {
        Map<String, Object> facts = new LinkedHashMap<>();
        facts.put("from", from);
        facts.put("to", to);
        return new HistoryEntry(taskId, HistoryKind.ASSIGNED, at, actorUserId, null, facts);
    }
}
