package dev.tasklane.adapter.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tasklane.domain.history.HistoryFacts;
import dev.tasklane.domain.id.UserId;
import java.util.Arrays;
import java.util.Map;
import org.junit.jupiter.api.Test;

class HistoryFactsJsonTest {
    /** Every shape the services record has a wire shape; only NONE renders an empty facts object. */
    @Test
    void everyShapeRenders() throws ReflectiveOperationException {
        for (Class<?> shape : HistoryFacts.class.getPermittedSubclasses()) {
            HistoryFacts facts = RecordSamples.sample(shape, HistoryFacts.class);
            Map<String, Object> rendered = HistoryFactsJson.document(facts);
            if (facts instanceof HistoryFacts.None) {
                assertTrue(rendered.isEmpty(), "NONE renders {}");
            } else {
                assertFalse(rendered.isEmpty(), shape.getSimpleName() + " renders its facts");
            }
        }
    }

    @Test
    void anAssignmentNamesBothEndsEvenWhenUnassigned() {
        assertEquals(Arrays.asList("from", "to"),
                java.util.List.copyOf(HistoryFactsJson.document(new HistoryFacts.Assignment(null, UserId.of(7))).keySet()));
    }
}
