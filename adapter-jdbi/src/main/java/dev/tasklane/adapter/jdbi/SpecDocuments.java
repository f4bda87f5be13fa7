package dev.tasklane.adapter.jdbi;

import dev.tasklane.application.edge.WireParts;
import com.fasterxml.jackson.databind.util.RawValue;
import dev.tasklane.application.edge.TaskField;
import dev.tasklane.domain.task.Verbatim;
import dev.tasklane.domain.task.UnknownKeys;
import dev.tasklane.domain.task.BehaviourRow;
import dev.tasklane.domain.task.TaskDetails;
import dev.tasklane.domain.task.TestingStrategy;
import dev.tasklane.domain.task.TextOrList;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The descriptive parts of a task's spec document: {@code testing_strategy} and the {@code details} object, in the
 * stored form that predates their typed records (each detail under its {@linkplain TaskField#storedName() stored
 * name}, present only when stated; a value that is a string or an array of strings stored as such;
 * {@code technical_details} as the object that was sent).
 * Documents written before the records existed read unchanged, and keys this class does not know are ignored.
 */
final class SpecDocuments {
    private SpecDocuments() {
    }

    static Map<String, Object> testingStrategy(TestingStrategy strategy) {
        return textMap(WireParts.testingStrategy(strategy));
    }

    static TestingStrategy testingStrategy(Object stored) {
        return stored instanceof Map<?, ?> map ? WireParts.testingStrategy(readTextMap(map)) : TestingStrategy.NONE;
    }

    static Map<String, Object> details(TaskDetails details) {
        Map<String, Object> doc = new LinkedHashMap<>();
        for (TaskField field : TaskField.texts()) {
            putIfStated(doc, field.storedName(), details.text(field.part()));
        }
        putIfStated(doc, TaskField.PITFALLS.storedName(), details.pitfalls());
        putIfStated(doc, TaskField.OUT_OF_SCOPE.storedName(), details.outOfScope());
        putIfStated(doc, TaskField.TECHNOLOGY_REQUIREMENTS.storedName(), details.technologyRequirements());
        if (!details.integrationPoints().isEmpty()) {
            doc.put(TaskField.INTEGRATION_POINTS.storedName(), textMap(details.integrationPoints()));
        }
        if (!details.technicalDetails().isEmpty()) {
            Map<String, Object> raw = new LinkedHashMap<>();
            details.technicalDetails().values().forEach((key, value) -> raw.put(key, new RawValue(value.text())));
            doc.put(TaskField.TECHNICAL_DETAILS.storedName(), raw);
        }
        if (!details.behaviourTestMatrix().isEmpty()) {
            doc.put(TaskField.BEHAVIOUR_TEST_MATRIX.storedName(),
                    details.behaviourTestMatrix().stream().map(SpecDocuments::row).toList());
        }
        return doc;
    }

    static TaskDetails details(Object stored) {
        if (!(stored instanceof Map<?, ?> doc)) {
            return TaskDetails.NONE;
        }
        TaskDetails.Builder details = TaskDetails.builder();
        for (TaskField field : TaskField.texts()) {
            details.text(field.part(), text(doc.get(field.storedName())));
        }
        return details
                .pitfalls(strings(doc.get(TaskField.PITFALLS.storedName())))
                .outOfScope(strings(doc.get(TaskField.OUT_OF_SCOPE.storedName())))
                .technologyRequirements(strings(doc.get(TaskField.TECHNOLOGY_REQUIREMENTS.storedName())))
                .integrationPoints(doc.get(TaskField.INTEGRATION_POINTS.storedName()) instanceof Map<?, ?> points
                        ? readTextMap(points) : null)
                .technicalDetails(doc.get(TaskField.TECHNICAL_DETAILS.storedName()) instanceof Map<?, ?> technical
                        ? raw(technical) : null)
                .behaviourTestMatrix(doc.get(TaskField.BEHAVIOUR_TEST_MATRIX.storedName()) instanceof List<?> rows
                        ? rows(rows) : null)
                .build();
    }

    private static Map<String, Object> row(BehaviourRow row) {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("category", row.category());
        doc.put("behaviour", row.behaviour());
        doc.put("test_name", row.testName());
        doc.put("type", row.type());
        doc.put("status", row.status());
        doc.put("na_reason", row.naReason());
        doc.put("position", row.position());
        return doc;
    }

    private static List<BehaviourRow> rows(List<?> stored) {
        List<BehaviourRow> rows = new ArrayList<>(stored.size());
        for (Object entry : stored) {
            if (entry instanceof Map<?, ?> doc) {
                rows.add(new BehaviourRow(text(doc.get("category")), text(doc.get("behaviour")),
                        text(doc.get("test_name")), text(doc.get("type")), text(doc.get("status")),
                        text(doc.get("na_reason")), doc.get("position") instanceof Number n ? n.intValue() : null));
            }
        }
        return rows;
    }

    private static UnknownKeys raw(Map<?, ?> stored) {
        Map<String, Verbatim> values = new LinkedHashMap<>();
        stored.forEach((key, value) -> values.put(String.valueOf(key),
                new Verbatim(value == null ? "null" : JsonText.write(value))));
        return new UnknownKeys(values);
    }

    private static Map<String, Object> textMap(Map<String, TextOrList> values) {
        Map<String, Object> doc = new LinkedHashMap<>();
        values.forEach((key, value) -> doc.put(key, value instanceof TextOrList.Text text ? text.value() : value.lines()));
        return doc;
    }

    private static Map<String, TextOrList> readTextMap(Map<?, ?> stored) {
        Map<String, TextOrList> values = new LinkedHashMap<>();
        stored.forEach((key, value) -> {
            if (value instanceof String text) {
                values.put(String.valueOf(key), TextOrList.of(text));
            } else if (value instanceof List<?> list) {
                values.put(String.valueOf(key), TextOrList.of(list.stream().map(String::valueOf).toList()));
            }
        });
        return values;
    }

    private static void putIfStated(Map<String, Object> doc, String key, Object value) {
        if (value != null) {
            doc.put(key, value);
        }
    }

    private static String text(Object value) {
        return value instanceof String text ? text : null;
    }

    private static List<String> strings(Object value) {
        return value instanceof List<?> list ? list.stream().map(String::valueOf).toList() : null;
    }
}
