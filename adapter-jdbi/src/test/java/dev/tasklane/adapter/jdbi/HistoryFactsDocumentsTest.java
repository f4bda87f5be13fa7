package dev.tasklane.adapter.jdbi;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tasklane.adapter.jdbi.JdbiEventOutbox.HistoryFactsDocuments;
import dev.tasklane.domain.history.HistoryFacts;
import dev.tasklane.domain.id.UserId;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class HistoryFactsDocumentsTest {
    /** One sample per shape; {@link #everyShapeHasASample()} fails when a shape is added without one. */
    private static List<HistoryFacts> samples() {
        List<HistoryFacts> samples = new ArrayList<>(List.of(HistoryFacts.NONE,
                new HistoryFacts.Assignment(null, UserId.of(7)), new HistoryFacts.Assignment(UserId.of(3), null, "G1", true),
                new HistoryFacts.ReclaimedExpired("agent-a"),
                new HistoryFacts.ClaimExpired(Instant.parse("2026-01-02T03:04:05Z")),
                new HistoryFacts.DerivedFromChildren(), new HistoryFacts.MarkedDone(),
                new HistoryFacts.Reviewed("approved"), new HistoryFacts.AfterGoalReported(2)));
        for (HistoryFacts.Source source : HistoryFacts.Source.values()) {
            samples.add(new HistoryFacts.GoalCompleted(source));
        }
        return samples;
    }

    @Test
    void everyShapeHasASample() {
        assertEquals(Set.of(HistoryFacts.class.getPermittedSubclasses()),
                samples().stream().map(Object::getClass).collect(Collectors.toSet()));
    }

    @Test
    void everyShapeReadsBackAsWritten() {
        for (HistoryFacts facts : samples()) {
            assertEquals(facts, HistoryFactsDocuments.read(HistoryFactsDocuments.write(facts)));
        }
    }

    @Test
    void storesTheDocumentedKeys() {
        assertEquals("{\"from\":null,\"to\":7}", HistoryFactsDocuments.write(new HistoryFacts.Assignment(null, UserId.of(7))));
        assertEquals("{\"from\":3,\"to\":null,\"cascaded_from\":\"G1\",\"deferred_until_claim_ends\":true}",
                HistoryFactsDocuments.write(new HistoryFacts.Assignment(UserId.of(3), null, "G1", true)));
        assertEquals("{\"source\":\"after_goal_grace\"}",
                HistoryFactsDocuments.write(new HistoryFacts.GoalCompleted(HistoryFacts.Source.AFTER_GOAL_GRACE)));
        assertEquals("{}", HistoryFactsDocuments.write(HistoryFacts.NONE));
    }

    @Test
    void storedFactsReadByWhichKeysArePresent() {
        assertEquals(HistoryFacts.NONE, HistoryFactsDocuments.read(null));
        assertEquals(HistoryFacts.NONE, HistoryFactsDocuments.read("{}"));
        assertEquals(HistoryFacts.NONE, HistoryFactsDocuments.read("{\"legacy\":[1,2]}"));
        assertEquals(new HistoryFacts.Assignment(null, UserId.of(7)), HistoryFactsDocuments.read("{\"from\":null,\"to\":7}"));
        assertEquals(new HistoryFacts.Assignment(UserId.of(3), null),
                HistoryFactsDocuments.read("{\"from\":3,\"to\":null,\"legacy\":true}"));
        assertEquals(new HistoryFacts.Reviewed("approved"),
                HistoryFactsDocuments.read("{\"review_status\":\"approved\",\"note\":\"not read\"}"));
        assertEquals(new HistoryFacts.AfterGoalReported(4_294_967_296L),
                HistoryFactsDocuments.read("{\"exit_code\":4294967296}"));
        assertEquals(new HistoryFacts.AfterGoalReported(3), HistoryFactsDocuments.read("{\"exit_code\":3}"));
    }
}
