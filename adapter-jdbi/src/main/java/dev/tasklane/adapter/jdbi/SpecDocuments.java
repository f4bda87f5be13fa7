package dev.tasklane.adapter.jdbi;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.annotation.JsonValue;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.tasklane.edge.TaskField;
import dev.tasklane.domain.task.BehaviourRow;
import dev.tasklane.domain.task.TaskDetails;
import dev.tasklane.domain.task.TestingStrategy;
import dev.tasklane.domain.task.TextOrList;
import dev.tasklane.domain.task.UnknownKeys;
import dev.tasklane.domain.task.Verbatim;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The descriptive parts of a task's spec document, {@code testing_strategy} and {@code details}, as the document
 * records {@link TaskRows.TaskDocuments.SpecDocument} holds: {@link StrategyDocument} and {@link DetailsDocument}. Their stored
 * form predates the typed domain records and is kept: each text detail under its
 * {@linkplain TaskField#storedName() stored name} and present only when stated, first, in {@link TaskField#texts()}
 * order; a value that is a string or an array of strings stored as such ({@link TextOrListDocument});
 * {@code technical_details} as the object that was sent, its keys in the order sent ({@link TechnicalDocument}).
 * Keys a document does not name are ignored, and so is a text detail or a named text whose stored value is not of
 * its type (a list of texts reads each entry that is not a string as its JSON text). {@code SpecDocumentsTest} reads
 * today's form and the older ones, and writes them back byte for byte.
 */
final class SpecDocuments {
    private SpecDocuments() {
    }

    // ---- testing_strategy ----------------------------------------------------------------------------

    /**
     * The {@code testing_strategy} object: its stated parts, in the documented order; an empty strategy is an empty
     * object.
     */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record StrategyDocument(TextOrListDocument unitTests, TextOrListDocument integrationTests,
            TextOrListDocument manualTests, TextOrListDocument edgeCases, TextOrListDocument coverageTarget) {
    }

    static StrategyDocument testingStrategy(TestingStrategy strategy) {
        return new StrategyDocument(TextOrListDocument.of(strategy.unitTests()),
                TextOrListDocument.of(strategy.integrationTests()), TextOrListDocument.of(strategy.manualTests()),
                TextOrListDocument.of(strategy.edgeCases()), TextOrListDocument.of(strategy.coverageTarget()));
    }

    static TestingStrategy testingStrategy(StrategyDocument stored) {
        if (stored == null) {
            return TestingStrategy.NONE;
        }
        return new TestingStrategy(TextOrListDocument.value(stored.unitTests()),
                TextOrListDocument.value(stored.integrationTests()), TextOrListDocument.value(stored.manualTests()),
                TextOrListDocument.value(stored.edgeCases()), TextOrListDocument.value(stored.coverageTarget()));
    }

    /**
     * A value stored as one string or as an array of strings, written in the form it holds. Read from anything else,
     * it is null (not stated); an array entry that is not a string reads as its JSON text.
     */
    record TextOrListDocument(TextOrList value) {
        static TextOrListDocument of(TextOrList value) {
            return value == null ? null : new TextOrListDocument(value);
        }

        static TextOrList value(TextOrListDocument stored) {
            return stored == null ? null : stored.value();
        }

        @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
        static TextOrListDocument read(JsonNode stored) {
            if (stored == null) {
                return null;
            }
            if (stored.isTextual()) {
                return new TextOrListDocument(TextOrList.of(stored.textValue()));
            }
            if (stored.isArray()) {
                List<String> lines = new ArrayList<>(stored.size());
                stored.forEach(line -> lines.add(line.isTextual() ? line.textValue() : line.toString()));
                return new TextOrListDocument(TextOrList.of(lines));
            }
            return null;
        }

        /** The stored JSON: the string, or the list of strings. */
        @JsonValue
        Object json() {
            return value instanceof TextOrList.Text text ? text.value() : value.lines();
        }
    }

    // ---- details -------------------------------------------------------------------------------------

    /**
     * The {@code details} object: the stated text details, each under its stored name (filled from and read by
     * {@link TaskField#texts()}, so that a new text detail needs no change here), then the list details, the named
     * integration points, the technical details and the behaviour test matrix, each present only when stated (the
     * last three only when not empty). A bean rather than a record, as {@link ChangedFileDocuments.FileDocument} is:
     * the text details are one map that Jackson fills with every key not named below (the any-setter; only the
     * text details' stored names are read from it) and writes first (the any-getter, placed by
     * {@link JsonPropertyOrder}, which Jackson honours for an any-getter since 2.19; the map is a public field so that
     * Jackson sees it as a property to place, and is never read from a stored key of its own name).
     */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonPropertyOrder({"texts", "pitfalls", "out_of_scope", "technology_requirements", "integration_points",
            "technical_details", "behaviour_test_matrix"})
    static final class DetailsDocument {
        /** The text details by stored name, and on reading every key not named below (only texts are read). */
        @JsonAnyGetter
        @JsonProperty(access = JsonProperty.Access.READ_ONLY)
        public final Map<String, JsonNode> texts = new LinkedHashMap<>();
        @JsonProperty
        private List<String> pitfalls;
        @JsonProperty
        private List<String> outOfScope;
        @JsonProperty
        private List<String> technologyRequirements;
        @JsonProperty
        private Map<String, TextOrListDocument> integrationPoints;
        @JsonProperty
        private TechnicalDocument technicalDetails;
        @JsonProperty
        private List<RowDocument> behaviourTestMatrix;

        @JsonAnySetter
        void text(String key, JsonNode value) {
            texts.put(key, value);
        }
    }

    static DetailsDocument details(TaskDetails details) {
        DetailsDocument doc = new DetailsDocument();
        for (TaskField field : TaskField.texts()) {
            String text = details.text(field.part());
            if (text != null) {
                doc.texts.put(field.storedName(), TextNode.valueOf(text));
            }
        }
        doc.pitfalls = details.pitfalls();
        doc.outOfScope = details.outOfScope();
        doc.technologyRequirements = details.technologyRequirements();
        if (!details.integrationPoints().isEmpty()) {
            doc.integrationPoints = new LinkedHashMap<>();
            details.integrationPoints().forEach((name, value) -> doc.integrationPoints.put(name,
                    new TextOrListDocument(value)));
        }
        if (!details.technicalDetails().isEmpty()) {
            doc.technicalDetails = TechnicalDocument.of(details.technicalDetails().values());
        }
        if (!details.behaviourTestMatrix().isEmpty()) {
            doc.behaviourTestMatrix = details.behaviourTestMatrix().stream().map(RowDocument::of).toList();
        }
        return doc;
    }

    static TaskDetails details(DetailsDocument stored) {
        if (stored == null) {
            return TaskDetails.NONE;
        }
        TaskDetails.Builder details = TaskDetails.builder();
        for (TaskField field : TaskField.texts()) {
            JsonNode text = stored.texts.get(field.storedName());
            details.text(field.part(), text != null && text.isTextual() ? text.textValue() : null);
        }
        return details
                .pitfalls(stored.pitfalls)
                .outOfScope(stored.outOfScope)
                .technologyRequirements(stored.technologyRequirements)
                .integrationPoints(integrationPoints(stored.integrationPoints))
                .technicalDetails(stored.technicalDetails == null ? null : stored.technicalDetails.keys())
                .behaviourTestMatrix(stored.behaviourTestMatrix == null ? null
                        : stored.behaviourTestMatrix.stream().map(RowDocument::row).toList())
                .build();
    }

    /** The named integration points, in the order stored; a name whose value is no text or list is not stated. */
    private static Map<String, TextOrList> integrationPoints(Map<String, TextOrListDocument> stored) {
        if (stored == null) {
            return null;
        }
        Map<String, TextOrList> points = new LinkedHashMap<>();
        stored.forEach((name, value) -> {
            if (value != null) {
                points.put(name, value.value());
            }
        });
        return points;
    }

    /**
     * The {@code technical_details} object: every key with its value as stored, in the order stored (a bean, as
     * {@link ChangedFileDocuments.FileDocument} is, since Jackson hands a record's any-setter an unordered map).
     */
    static final class TechnicalDocument {
        private final Map<String, Verbatim> keys;

        TechnicalDocument() {
            this.keys = new LinkedHashMap<>();
        }

        static TechnicalDocument of(Map<String, Verbatim> keys) {
            TechnicalDocument doc = new TechnicalDocument();
            doc.keys.putAll(keys);
            return doc;
        }

        @JsonAnySetter
        void key(String key, JsonNode value) {
            keys.put(key, new Verbatim(value == null ? "null" : JsonText.write(value)));
        }

        @JsonAnyGetter
        Map<String, Verbatim> values() {
            return keys;
        }

        UnknownKeys keys() {
            return new UnknownKeys(keys);
        }
    }

    /** One row of {@code behaviour_test_matrix}: every component written, nulls included; other keys ignored. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    record RowDocument(String category, String behaviour, String testName, String type, String status,
            String naReason, Integer position) {

        static RowDocument of(BehaviourRow row) {
            return new RowDocument(row.category(), row.behaviour(), row.testName(), row.type(), row.status(),
                    row.naReason(), row.position());
        }

        BehaviourRow row() {
            return new BehaviourRow(category, behaviour, testName, type, status, naReason, position);
        }
    }
}
