package dev.tasklane.adapter.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tasklane.adapter.http.pipeline.HttpSettings;
import dev.tasklane.adapter.http.pipeline.Json;
import dev.tasklane.adapter.http.wire.HistoryEntryView;
import dev.tasklane.domain.history.HistoryFacts;
import dev.tasklane.domain.id.UserId;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The {@code facts} object of a history entry, as the one mapper writes {@link HistoryEntryView}. */
class HistoryEntryViewTest {
    private static final Json JSON = new Json(HttpSettings.defaults("http://localhost"));

    /** Every shape the services record has a wire shape; only NONE renders an empty facts object. */
    @Test
    void everyShapeRenders() throws ReflectiveOperationException {
        for (Class<?> shape : HistoryFacts.class.getPermittedSubclasses()) {
            HistoryFacts facts = RecordSamples.sample(shape, HistoryFacts.class);
            JsonNode rendered = facts(facts);
            assertTrue(rendered.isObject(), shape.getSimpleName() + " renders an object");
            if (facts instanceof HistoryFacts.None) {
                assertTrue(rendered.isEmpty(), "NONE renders {}");
            } else {
                assertFalse(rendered.isEmpty(), shape.getSimpleName() + " renders its facts");
            }
        }
    }

    @Test
    void anAssignmentNamesBothEndsEvenWhenUnassigned() {
        JsonNode rendered = facts(new HistoryFacts.Assignment(null, UserId.of(7)));
        List<String> keys = new ArrayList<>();
        rendered.fieldNames().forEachRemaining(keys::add);
        assertEquals(List.of("from", "to"), keys);
        assertTrue(rendered.get("from").isNull());
        assertEquals(7, rendered.get("to").asLong());
    }

    @Test
    void anEntryWritesItsKeysInTheDocumentedOrder() {
        String written = JSON.write(new HistoryEntryView(null, "assigned", "2026-01-15T17:55:53Z", UserId.of(3), "agent",
                new HistoryFacts.Assignment(UserId.of(1), UserId.of(2), "G1", true)));
        assertEquals("{\"task_id\":null,\"kind\":\"assigned\",\"at\":\"2026-01-15T17:55:53Z\",\"actor_user_id\":3,"
                + "\"agent_name\":\"agent\",\"facts\":{\"from\":1,\"to\":2,\"cascaded_from\":\"G1\","
                + "\"deferred_until_claim_ends\":true}}", written);
    }

    private static JsonNode facts(HistoryFacts facts) {
        return JSON.mapper().valueToTree(new HistoryEntryView(null, "k", null, null, null, facts)).get("facts");
    }
}
