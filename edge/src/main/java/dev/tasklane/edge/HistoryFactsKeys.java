package dev.tasklane.edge;

import dev.tasklane.domain.history.HistoryFacts;
import dev.tasklane.domain.id.UserId;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The {@code facts} object of a history entry (docs/api.md, task history): the JSON keys of each {@link HistoryFacts}
 * shape, in their documented order. The history endpoint answers it and the JDBI store keeps the same object in
 * {@code task_history.facts}, so both write it from here; the domain's facts are typed and name no key.
 */
public final class HistoryFactsKeys {
    private HistoryFactsKeys() {
    }

    /** The facts as a JSON object: text, numbers, and {@code true} for a fact whose presence is the fact. */
    public static Map<String, Object> document(HistoryFacts facts) {
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
        } else if (facts instanceof HistoryFacts.Reviewed reviewed) {
            out.put("review_status", reviewed.reviewStatus());
        } else if (facts instanceof HistoryFacts.MarkedDone) {
            out.put("bypass", "mark_done");
        } else if (facts instanceof HistoryFacts.AfterGoalReported reported) {
            out.put("exit_code", reported.exitCode());
        } else if (facts instanceof HistoryFacts.GoalCompleted completed) {
            out.put("source", completed.source().code());
        }
        return out;
    }
}
