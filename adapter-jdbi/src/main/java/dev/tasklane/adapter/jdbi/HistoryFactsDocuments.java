package dev.tasklane.adapter.jdbi;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tasklane.application.edge.HistoryFactsKeys;
import dev.tasklane.domain.history.HistoryFacts;
import dev.tasklane.domain.id.UserId;

import java.time.Instant;
import java.util.Arrays;
import java.util.Map;

/**
 * The task_history.facts column: each {@link HistoryFacts} shape stored as the JSON object the history
 * endpoint answers (docs/api.md, task history), and read back by its keys, so rows written before the facts
 * were typed read the same.
 */
final class HistoryFactsDocuments {
    private HistoryFactsDocuments() {
    }

    /** The facts under their documented names and in their documented order ({@link HistoryFactsKeys}). */
    static String write(HistoryFacts facts) {
        ObjectNode doc = JsonNodeFactory.instance.objectNode();
        HistoryFactsKeys.document(facts).forEach((name, value) -> {
            if (value instanceof String text) {
                doc.put(name, text);
            } else if (value instanceof Boolean flag) {
                doc.put(name, flag);
            } else {
                doc.put(name, (Long) value);
            }
        });
        return JsonText.write(doc);
    }

    static HistoryFacts read(String text) {
        Map<String, Object> doc = text == null ? Map.of() : JsonText.facts(text);
        if (doc.containsKey("from") || doc.containsKey("to")) {
            return new HistoryFacts.Assignment(userId(doc.get("from")), userId(doc.get("to")),
                    (String) doc.get("cascaded_from"), Boolean.TRUE.equals(doc.get("deferred_until_claim_ends")));
        }
        if (doc.containsKey("reclaimed_expired_claim_of")) {
            return new HistoryFacts.ReclaimedExpired((String) doc.get("reclaimed_expired_claim_of"));
        }
        if (doc.containsKey("expired_at")) {
            return new HistoryFacts.ClaimExpired(Instant.parse((String) doc.get("expired_at")));
        }
        if (doc.containsKey("derived_from_children")) {
            return new HistoryFacts.DerivedFromChildren();
        }
        if (doc.containsKey("bypass")) {
            return new HistoryFacts.MarkedDone();
        }
        if (doc.containsKey("review_status")) {
            return new HistoryFacts.Reviewed((String) doc.get("review_status"));
        }
        if (doc.containsKey("exit_code")) {
            return new HistoryFacts.AfterGoalReported(number(doc.get("exit_code")));
        }
        if (doc.containsKey("source")) {
            Object source = doc.get("source");
            return new HistoryFacts.GoalCompleted(Arrays.stream(HistoryFacts.Source.values())
                    .filter(s -> s.wire().equals(source)).findFirst()
                    .orElseThrow(() -> new IllegalStateException("unknown goal completion source " + source)));
        }
        return HistoryFacts.NONE;
    }

    private static UserId userId(Object value) {
        return UserId.ofNullable(number(value)).orElse(null);
    }

    private static Long number(Object value) {
        return value == null ? null : ((Number) value).longValue();
    }
}
