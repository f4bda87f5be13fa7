package dev.tasklane.adapter.http.onboarding;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import dev.tasklane.adapter.http.onboarding.CommandSchemas.Command;
import dev.tasklane.adapter.http.onboarding.CommandSchemas.WireField;
import dev.tasklane.domain.validation.CompletionMode;
import org.junit.jupiter.api.Test;

import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The schemas generated from the typed commands tell the truth: a JSON Schema validator accepts every example the
 * onboarding document shows with them, and refuses a body that breaks any one of their caps (each maxLength,
 * minLength, minimum, enum and required field, found by walking the schema itself, nested objects included).
 */
class CommandSchemasTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final JsonSchemaFactory FACTORY = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012);

    @Test
    void everyGeneratedSchemaAcceptsItsExamples() {
        for (Command command : CommandSchemas.COMMANDS) {
            JsonNode document = published(command.name());
            JsonSchema schema = FACTORY.getSchema(document);
            JsonNode examples = document.get("examples");
            assertTrue(examples != null && examples.size() > 0, command.name() + " has no example");
            for (JsonNode example : examples) {
                assertEquals(Set.of(), schema.validate(example), command.name() + " refuses its example " + example);
            }
        }
    }

    @Test
    void everyGeneratedSchemaRefusesABodyThatBreaksOneOfItsCaps() {
        int broken = 0;
        for (Command command : CommandSchemas.COMMANDS) {
            JsonNode document = published(command.name());
            JsonSchema schema = FACTORY.getSchema(document);
            JsonNode example = document.get("examples").get(0);
            List<Breach> breaches = new ArrayList<>();
            breaches(document, (ObjectNode) example, "", breaches);
            assertFalse(breaches.isEmpty(), command.name() + " has no cap to break");
            for (Breach breach : breaches) {
                Set<ValidationMessage> errors = schema.validate(breach.body());
                assertFalse(errors.isEmpty(), command.name() + ": " + breach.what() + " was accepted: " + breach.body());
                broken++;
            }
        }
        assertTrue(broken >= CommandSchemas.COMMANDS.size(), "breaches checked: " + broken);
    }

    @Test
    void everyComponentOfEveryCommandIsAPropertyAndEveryWireRowNamesAComponent() {
        for (Command command : CommandSchemas.COMMANDS) {
            JsonNode properties = published(command.name()).get("properties");
            assertEquals(command.type().getRecordComponents().length, properties.size(), command.name());
        }
        for (WireField row : CommandSchemas.FIELDS) {
            RecordComponent[] components = row.owner().getRecordComponents();
            assertTrue(components != null && Arrays.stream(components).anyMatch(c -> c.getName().equals(row.component())),
                    "stale WireField row " + row.key() + ": the record has no such component");
        }
    }

    @Test
    void theClaimSchemaNamesItsFieldsAsTheWireDoes() {
        JsonNode claim = published("claim");
        assertEquals(List.of("identifier", "agent_name", "before_doing_result", "claim_token"),
                fieldNames(claim.get("properties")));
        assertEquals(List.of("exit_code", "output", "duration_ms"),
                fieldNames(claim.get("properties").get("before_doing_result").get("properties")));
        assertEquals(List.of("approved", "changes_requested", "rejected"),
                MAPPER.convertValue(published("review").get("properties").get("review_status").get("enum"), List.class));
    }

    /** A command as "complete" and "create" type theirs: typed fields, a value kept as sent, the unnamed keys. */
    private record Sample(String title, dev.tasklane.domain.json.RawJson anything,
                          dev.tasklane.domain.json.UnknownKeys others) {
    }

    @Test
    void aValueKeptAsSentIsAnyJsonAndTheUnnamedKeysAreNoProperty() {
        JsonNode schema = MAPPER.valueToTree(CommandSchemas.generate(Sample.class, null));
        assertEquals(List.of("title", "anything"), fieldNames(schema.get("properties")));
        assertEquals("string", schema.get("properties").get("title").get("type").asText());
        assertFalse(schema.get("properties").get("anything").has("type"), schema.toString());
        JsonSchema validator = FACTORY.getSchema(schema);
        for (String body : List.of("{\"title\":\"t\",\"anything\":[1,{\"a\":null}],\"extra\":true}",
                "{\"anything\":\"text\"}")) {
            assertEquals(Set.of(), validator.validate(read(body)), body);
        }
    }

    private static JsonNode read(String json) {
        try {
            return MAPPER.readTree(json);
        } catch (com.fasterxml.jackson.core.JsonProcessingException malformed) {
            throw new IllegalArgumentException(malformed);
        }
    }

    private static JsonNode published(String name) {
        Map<String, Object> schemas = OnboardingSchemas.all(CompletionMode.GRACE);
        return MAPPER.valueToTree(schemas.get(name));
    }

    private static List<String> fieldNames(JsonNode object) {
        List<String> names = new ArrayList<>();
        object.fieldNames().forEachRemaining(names::add);
        return names;
    }

    /** One body that breaks exactly one rule of the schema. */
    private record Breach(String what, JsonNode body) {
    }

    /** Walks {@code schema}'s properties (into nested objects) and breaks each stated rule in a copy of the body. */
    private static void breaches(JsonNode schema, ObjectNode body, String path, List<Breach> out) {
        JsonNode properties = schema.path("properties");
        for (Iterator<Map.Entry<String, JsonNode>> it = properties.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> property = it.next();
            String name = property.getKey();
            JsonNode rules = property.getValue();
            String at = path + "/" + name;
            if (rules.has("maxLength")) {
                out.add(new Breach(at + " longer than maxLength",
                        with(body, at, MAPPER.getNodeFactory().textNode("x".repeat(rules.get("maxLength").asInt() + 1)))));
            }
            if (rules.has("minLength")) {
                out.add(new Breach(at + " shorter than minLength", with(body, at, MAPPER.getNodeFactory()
                        .textNode("x".repeat(rules.get("minLength").asInt() - 1)))));
            }
            if (rules.has("minimum")) {
                out.add(new Breach(at + " below minimum",
                        with(body, at, MAPPER.getNodeFactory().numberNode(rules.get("minimum").asLong() - 1))));
            }
            if (rules.has("enum")) {
                out.add(new Breach(at + " outside enum", with(body, at, MAPPER.getNodeFactory().textNode("not_a_value"))));
            }
            if ("object".equals(rules.path("type").asText()) && body.at(at) instanceof ObjectNode) {
                breaches(rules, body, at, out);
            }
        }
        for (JsonNode required : schema.path("required")) {
            String at = path + "/" + required.asText();
            out.add(new Breach(at + " missing", without(body, at)));
        }
    }

    private static ObjectNode with(ObjectNode body, String pointer, JsonNode value) {
        ObjectNode copy = body.deepCopy();
        int cut = pointer.lastIndexOf('/');
        ((ObjectNode) copy.at(pointer.substring(0, cut))).set(pointer.substring(cut + 1), value);
        return copy;
    }

    private static ObjectNode without(ObjectNode body, String pointer) {
        ObjectNode copy = body.deepCopy();
        int cut = pointer.lastIndexOf('/');
        ((ObjectNode) copy.at(pointer.substring(0, cut))).remove(pointer.substring(cut + 1));
        return copy;
    }
}
