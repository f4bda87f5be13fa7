package dev.tasklane.adapter.http.openapi;


import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tasklane.adapter.http.error.ErrorBody;
import dev.tasklane.adapter.http.openapi.WireSchemas.Direction;
import dev.tasklane.adapter.http.wire.TaskAnswer.FullTask;
import dev.tasklane.adapter.http.wire.HealthView;
import dev.tasklane.adapter.http.wire.TaskListView;
import dev.tasklane.adapter.http.wire.completion.ReviewerResultBody;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

/**
 * What {@link WireSchemas} says of the wire types the generator cannot read from their Java types alone: each rule
 * of its class comment, on the record that needs it. {@code OpenApiTest} proves the whole against real answers.
 */
class WireSchemasTest {
    private final WireSchemas schemas = new WireSchemas();

    private ObjectNode components(java.lang.reflect.Type... answers) {
        for (java.lang.reflect.Type answer : answers) {
            schemas.reference(Direction.ANSWER, answer);
        }
        return schemas.components();
    }

    @Test
    void anEnvelopeIsNamedAfterWhatItHoldsAndItsDataIsNeverNull() {
        ObjectNode all = components(Operation.envelope(FullTask.class),
                Operation.envelope(Operation.listOf(HealthView.class)));
        JsonNode envelope = all.get("FullTaskEnvelope");
        assertEquals("#/components/schemas/FullTask", envelope.at("/properties/data/$ref").asText(), envelope::toString);
        assertEquals(List.of("data"), texts(envelope.get("required")));
        assertEquals("array", all.at("/HealthViewListEnvelope/properties/data/type").asText());
    }

    @Test
    void valueIdsAreIntegersAndIdentifiersStrings() {
        JsonNode task = components(FullTask.class).get("FullTask");
        assertEquals("[\"integer\",\"null\"]", task.at("/properties/id/type").toString());
        assertEquals("[\"integer\",\"null\"]", task.at("/properties/assigned_to_id/type").toString());
        assertEquals("[\"string\",\"null\"]", task.at("/properties/identifier/type").toString());
    }

    @Test
    void anAnswerRecordIsClosedUnlessItWritesKeysAsSent() {
        ObjectNode all = components(FullTask.class, HealthView.class);
        assertFalse(all.at("/FullTask/additionalProperties").asBoolean(true));
        assertTrue(all.at("/ExplorerResultBody/additionalProperties").asBoolean(), "unwrapped UnknownKeys");
        assertTrue(all.at("/WorkflowStep/additionalProperties").asBoolean(), "UnknownKeys unwrapped by a mix-in");
        assertTrue(all.at("/ChangedFile/additionalProperties").asBoolean(), "UnknownKeys unwrapped by a mix-in");
        assertTrue(all.at("/HealthView/additionalProperties").asBoolean(), "@JsonAnyGetter");
        assertFalse(all.at("/ExplorerResultBody/properties").has("unknown_keys"));
        assertFalse(all.at("/ExplorerResultBody").has("allOf"), all.get("ExplorerResultBody")::toString);
    }

    @Test
    void aMixInRecordHasItsMixInsNamesAndInclusion() {
        JsonNode step = components(FullTask.class).get("WorkflowStep");
        assertTrue(step.at("/properties").has("duration_ms"), step::toString);
        assertTrue(step.at("/properties").has("reason_code"), step::toString);
        assertFalse(step.has("required"), "NON_NULL on the mix-in: no key is always written");
    }

    @Test
    void valuesWrittenBySerializersHaveTheirWireShape() {
        ObjectNode all = components(FullTask.class, ReviewerResultBody.class);
        assertEquals("{\"oneOf\":[{\"type\":\"string\"},{\"type\":\"array\",\"items\":{\"type\":\"string\"}}]}",
                all.get("TextOrList").toString());
        assertEquals("#/components/schemas/TextOrList",
                all.at("/FullTask/properties/testing_strategy/additionalProperties/$ref").asText());
        assertEquals("[\"object\",\"null\"]", all.at("/FullTask/properties/technical_details/type").toString());
        assertEquals("{}", all.at("/ReviewerResultBody/properties/project_checks/items").toString(), "Verbatim");
    }

    @Test
    void aSealedInterfaceIsOneOfItsRecords() {
        ObjectNode all = components(TaskListView.class);
        assertEquals(List.of("#/components/schemas/FullTask", "#/components/schemas/TaskSummary",
                "#/components/schemas/TaskAck"), refs(all.at("/TaskRender/oneOf")));
        assertEquals("#/components/schemas/TaskRender", all.at("/TaskListView/properties/data/items/$ref").asText(),
                "an Iterable is an array");
    }

    @Test
    void theErrorBodysPolymorphicKeysAreItsAlternatives() {
        ObjectNode all = components(ErrorBody.class);
        assertEquals(ErrorBody.alternatives().get("errors").size(), all.at("/ErrorBodyErrors/oneOf").size());
        assertEquals(ErrorBody.alternatives().get("details").size(), all.at("/ErrorBodyDetails/anyOf").size(),
                "anyOf: the changeset tree can also read as another shape");
        JsonNode byField = all.get("ErrorBodyByField");
        assertEquals("object", byField.get("type").asText(), byField::toString);
        assertEquals("array", byField.at("/additionalProperties/type").asText(), "written through @JsonValue");
        assertFalse(byField.has("properties"));
    }

    private static List<String> texts(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(node -> out.add(node.asText()));
        return out;
    }

    private static List<String> refs(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(node -> out.add(node.get("$ref").asText()));
        return out;
    }
}
