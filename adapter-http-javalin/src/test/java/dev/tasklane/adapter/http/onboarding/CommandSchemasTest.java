package dev.tasklane.adapter.http.onboarding;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import dev.tasklane.adapter.http.onboarding.CommandSchemas.Command;
import dev.tasklane.application.port.in.NewTask;
import dev.tasklane.domain.task.TaskType;
import dev.tasklane.domain.validation.CompletionMode;
import org.junit.jupiter.api.Test;

import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The schemas generated from the typed commands tell the truth: a JSON Schema validator accepts every example the
 * onboarding document shows with them, and refuses a body that breaks any one of their rules (each maxLength,
 * minLength, pattern, minimum, enum, const, maxItems and required field, found by walking the schema itself with
 * {@link SchemaBreaches}, nested objects, array entries and the alternative taken included). The task object is the
 * task command with its spec and the spec's details written in place, in declaration order; the rules it states are
 * checked against the task parser by {@code TaskSchemasTest}.
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
            List<SchemaBreaches.Breach> breaches = SchemaBreaches.of(document, example);
            assertFalse(breaches.isEmpty(), command.name() + " has no cap to break");
            for (SchemaBreaches.Breach breach : breaches) {
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
            if (command.item() != null || !command.type().isRecord()
                    || CommandSchemas.SHAPES.stream().anyMatch(shape -> shape.owner() == command.type())) {
                continue;
            }
            JsonNode properties = published(command.name()).get("properties");
            assertEquals(wireComponents(command.type()), properties.size(), command.name());
        }
        List<WireField> rows = new ArrayList<>(CommandSchemas.FIELDS);
        CommandSchemas.SHAPES.forEach(shape -> rows.addAll(shape.rows()));
        for (WireField row : rows) {
            RecordComponent[] components = row.owner().getRecordComponents();
            assertTrue(components != null && Arrays.stream(components).anyMatch(c -> c.getName().equals(row.component())),
                    "stale WireField row " + row.key() + ": the record has no such component");
        }
        for (CommandSchemas.Shape shape : CommandSchemas.SHAPES) {
            for (String component : shape.components()) {
                assertTrue(Arrays.stream(shape.owner().getRecordComponents()).anyMatch(c -> c.getName().equals(component)),
                        shape.owner().getSimpleName() + " " + shape.title() + " names no component " + component);
            }
        }
    }

    /** How many properties a record has on the wire: its components, an unwrapped one's own in its place. */
    private static int wireComponents(Class<?> type) {
        if (type == dev.tasklane.domain.task.TaskDetails.Texts.class) {
            return dev.tasklane.edge.TaskField.texts().size();
        }
        int count = 0;
        for (RecordComponent component : type.getRecordComponents()) {
            WireField row = CommandSchemas.FIELDS.stream().filter(field -> field.owner() == type
                    && field.component().equals(component.getName())).findFirst().orElse(null);
            if (component.getType() == dev.tasklane.domain.task.UnknownKeys.class || row != null && row.ignored()) {
                continue;
            }
            count += row != null && row.unwrapped() ? wireComponents(component.getType()) : 1;
        }
        return count;
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

    @Test
    void theTaskObjectIsTheTaskCommandWithItsSpecAndItsDetailsWrittenInPlace() {
        List<String> expected = wireNames(NewTask.class);
        JsonNode task = published("task").get("properties").get("task");
        assertEquals(expected, fieldNames(task.get("properties")));
        assertEquals(List.of("title", "type", "priority"), MAPPER.convertValue(task.get("required"), List.class));
        assertEquals("string", task.get("properties").get("dependencies").get("items").get("type").asText());

        JsonNode child = published("goal").get("properties").get("task").get("properties").get("tasks").get("items");
        List<String> childNames = new ArrayList<>(expected);
        childNames.remove("parent_id");
        assertEquals(childNames, fieldNames(child.get("properties")), "a goal's child has no parent of its own");
        assertEquals(Arrays.stream(TaskType.values()).filter(TaskType::claimable).map(TaskType::code).toList(),
                MAPPER.convertValue(child.get("properties").get("type").get("enum"), List.class));
        assertEquals("integer", child.get("properties").get("dependencies").get("items").get("anyOf").get(1)
                .get("type").asText(), "a goal's child may name a sibling by its index");
    }

    /**
     * The wire names of a record's components in declaration order, an unwrapped one's own in its place, ignored ones
     * and the unnamed keys ({@code UnknownKeys} written as nothing else) left out.
     */
    private static List<String> wireNames(Class<?> type) {
        if (type == dev.tasklane.domain.task.TaskDetails.Texts.class) { // one property per text detail of the table
            return dev.tasklane.edge.TaskField.texts().stream()
                    .map(dev.tasklane.edge.TaskField::key).toList();
        }
        List<String> names = new ArrayList<>();
        for (RecordComponent component : type.getRecordComponents()) {
            WireField row = CommandSchemas.FIELDS.stream().filter(field -> field.owner() == type
                    && field.component().equals(component.getName())).findFirst()
                    .orElse(WireField.of(type, component.getName()));
            if (row.ignored() || component.getType() == dev.tasklane.domain.task.UnknownKeys.class
                    && row.wireType() == null) {
                continue;
            }
            if (row.unwrapped()) {
                names.addAll(wireNames(component.getType()));
            } else {
                names.add(row.wire());
            }
        }
        return names;
    }

    /** A command as "complete" and "create" type theirs: typed fields, a value kept as sent, the unnamed keys. */
    private record Sample(String title, dev.tasklane.domain.task.Verbatim anything,
                          dev.tasklane.domain.task.UnknownKeys others) {
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
        return OnboardingSchemas.all(CompletionMode.GRACE).get(name);
    }

    private static List<String> fieldNames(JsonNode object) {
        List<String> names = new ArrayList<>();
        object.fieldNames().forEachRemaining(names::add);
        return names;
    }
}
