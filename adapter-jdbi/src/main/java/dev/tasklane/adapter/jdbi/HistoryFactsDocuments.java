package dev.tasklane.adapter.jdbi;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.tasklane.edge.HistoryFactsKeys;
import dev.tasklane.domain.history.HistoryFacts;
import dev.tasklane.domain.id.UserId;

import java.time.Instant;
import java.util.Arrays;

/**
 * The task_history.facts column: each {@link HistoryFacts} shape stored as the JSON object the history
 * endpoint answers (docs/api.md, task history), and read back by which of its keys are present, so rows written
 * before the facts were typed read the same.
 */
final class HistoryFactsDocuments {
    private static final ObjectReader READER = JsonText.reader(FactsDocument.class);

    private HistoryFactsDocuments() {
    }

    /**
     * Every key a shape of the facts is stored under. Each is a tree, so that a key stored with a null value
     * ({@code "from": null}) is told from a missing one (a null component).
     */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    record FactsDocument(JsonNode from, JsonNode to, JsonNode cascadedFrom, JsonNode deferredUntilClaimEnds,
            JsonNode reclaimedExpiredClaimOf, JsonNode expiredAt, JsonNode derivedFromChildren, JsonNode bypass,
            JsonNode reviewStatus, JsonNode exitCode, JsonNode source) {
    }

    /** The facts under their documented names and in their documented order ({@link HistoryFactsKeys}). */
    static String write(HistoryFacts facts) {
        return JsonText.write(HistoryFactsKeys.document(facts));
    }

    static HistoryFacts read(String text) {
        FactsDocument doc = JsonText.read(READER, text);
        if (doc == null) {
            return HistoryFacts.NONE;
        }
        if (doc.from() != null || doc.to() != null) {
            return new HistoryFacts.Assignment(userId(doc.from()), userId(doc.to()), text(doc.cascadedFrom()),
                    doc.deferredUntilClaimEnds() != null && doc.deferredUntilClaimEnds().booleanValue());
        }
        if (doc.reclaimedExpiredClaimOf() != null) {
            return new HistoryFacts.ReclaimedExpired(text(doc.reclaimedExpiredClaimOf()));
        }
        if (doc.expiredAt() != null) {
            return new HistoryFacts.ClaimExpired(Instant.parse(text(doc.expiredAt())));
        }
        if (doc.derivedFromChildren() != null) {
            return new HistoryFacts.DerivedFromChildren();
        }
        if (doc.bypass() != null) {
            return new HistoryFacts.MarkedDone();
        }
        if (doc.reviewStatus() != null) {
            return new HistoryFacts.Reviewed(text(doc.reviewStatus()));
        }
        if (doc.exitCode() != null) {
            return new HistoryFacts.AfterGoalReported(doc.exitCode().longValue());
        }
        if (doc.source() != null) {
            String source = text(doc.source());
            return new HistoryFacts.GoalCompleted(Arrays.stream(HistoryFacts.Source.values())
                    .filter(s -> s.code().equals(source)).findFirst()
                    .orElseThrow(() -> new IllegalStateException("unknown goal completion source " + source)));
        }
        return HistoryFacts.NONE;
    }

    private static UserId userId(JsonNode value) {
        return value == null || value.isNull() ? null : UserId.of(value.longValue());
    }

    private static String text(JsonNode value) {
        return value == null || value.isNull() ? null : value.textValue();
    }
}
