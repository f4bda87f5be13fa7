package dev.tasklane.adapter.jdbi;

import dev.tasklane.domain.history.HistoryFacts;
import dev.tasklane.domain.id.UserId;

import java.time.Instant;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The task_history.facts column: each {@link HistoryFacts} shape stored as the JSON object the history
 * endpoint answers (docs/api.md, task history), and read back by its keys, so rows written before the facts
 * were typed read the same.
 */
final class HistoryFactsDocuments {
    private HistoryFactsDocuments() {
    }

    static String write(HistoryFacts facts) {
        return JsonText.write(document(facts));
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

    /** The facts as the JSON object of the history endpoint, keys in the order they are documented. */
    static Map<String, Object> document(HistoryFacts facts) {
        Map<String, Object> out = new LinkedHashMap<>();
        if (facts instanceof HistoryFacts.Assignment assignment) {
            out.put("from", UserId.valueOrNull(assignment.from()));
            out.put("to", UserId.valueOrNull(assignment.to()));
            if (assignment.cascadedFrom() != null) {
                out.put("cascaded_from", assignment.cascadedFrom());
            }
            if (assignment.deferredUntilClaimEnds()) {
                out.put("deferred_until_claim_ends", true);
            }
        } else if (facts instanceof HistoryFacts.ReclaimedExpired reclaimed) {
            out.put("reclaimed_expired_claim_of", reclaimed.previousAgent());
        } else if (facts instanceof HistoryFacts.ClaimExpired expired) {
            out.put("expired_at", expired.expiredAt().toString());
        } else if (facts instanceof HistoryFacts.DerivedFromChildren) {
            out.put("derived_from_children", true);
        } else if (facts instanceof HistoryFacts.MarkedDone) {
            out.put("bypass", "mark_done");
        } else if (facts instanceof HistoryFacts.Reviewed reviewed) {
            out.put("review_status", reviewed.reviewStatus());
        } else if (facts instanceof HistoryFacts.AfterGoalReported reported) {
            out.put("exit_code", reported.exitCode());
        } else if (facts instanceof HistoryFacts.GoalCompleted completed) {
            out.put("source", completed.source().wire());
        } else if (!(facts instanceof HistoryFacts.None)) {
            // Java 17 has no exhaustive switch over a sealed type: HistoryFactsDocumentsTest stores every shape
            throw new IllegalStateException("no stored shape for " + facts.getClass().getName());
        }
        return out;
    }

    private static UserId userId(Object value) {
        return UserId.ofNullable(number(value)).orElse(null);
    }

    private static Long number(Object value) {
        return value == null ? null : ((Number) value).longValue();
    }
}
