package dev.tasklane.adapter.web;

import dev.tasklane.edge.DocumentKeys;
import dev.tasklane.adapter.web.view.Field;
import dev.tasklane.edge.TaskField;
import dev.tasklane.domain.task.BehaviourRow;
import dev.tasklane.domain.task.Detail;
import dev.tasklane.domain.task.KeyFile;
import dev.tasklane.domain.task.TaskDetails;
import dev.tasklane.domain.task.TaskIdentifier;
import dev.tasklane.domain.task.TaskSpec;
import dev.tasklane.domain.task.TextOrList;
import dev.tasklane.domain.task.VerificationStep;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The task page's "Specification" section: each stated part of a task's spec as a labelled field. A text detail
 * needs no line here: every one the edge's table names is shown, labelled after its wire name.
 */
final class SpecFields {
    /** The text details the section opens with; the others follow the lists, in {@link Detail} order. */
    private static final List<Detail> LEADING = List.of(Detail.WHY, Detail.WHAT, Detail.WHERE_CONTEXT,
            Detail.PATTERNS_TO_FOLLOW);

    private SpecFields() {
    }

    static List<Field> of(TaskSpec spec) {
        List<Field> fields = new ArrayList<>();
        if (!spec.keyFiles().isEmpty()) {
            fields.add(Field.items("Key files", spec.keyFiles().stream().map(SpecFields::keyFile).toList()));
        }
        if (!spec.verificationSteps().isEmpty()) {
            fields.add(Field.items("Verification steps", spec.verificationSteps().stream().map(SpecFields::step).toList()));
        }
        if (!spec.testingStrategy().isEmpty()) {
            fields.add(Field.items("Testing strategy", lines(DocumentKeys.testingStrategy(spec.testingStrategy()))));
        }
        TaskDetails details = spec.details();
        LEADING.forEach(detail -> text(fields, details, detail));
        items(fields, "Pitfalls", details.pitfalls());
        if (!details.technicalDetails().isEmpty()) {
            fields.add(Field.items("Technical details", details.technicalDetails().values().entrySet().stream()
                    .map(entry -> Format.label(entry.getKey()) + ": " + entry.getValue().text()).toList()));
        }
        items(fields, "Out of scope", details.outOfScope());
        items(fields, "Technology requirements", details.technologyRequirements());
        Detail.TEXTS.stream().filter(detail -> !LEADING.contains(detail))
                .forEach(detail -> text(fields, details, detail));
        if (!details.integrationPoints().isEmpty()) {
            fields.add(Field.items("Integration points", lines(details.integrationPoints())));
        }
        if (!details.behaviourTestMatrix().isEmpty()) {
            fields.add(Field.items("Behaviour test matrix",
                    details.behaviourTestMatrix().stream().map(SpecFields::row).toList()));
        }
        if (!spec.securityConsiderations().isEmpty()) {
            fields.add(Field.items("Security considerations", spec.securityConsiderations()));
        }
        if (!spec.dependencies().isEmpty()) {
            fields.add(Field.items("Depends on", spec.dependencies().stream().map(TaskIdentifier::toString).toList()));
        }
        return fields;
    }

    /** A text detail, labelled after its wire name (where_context is "Where context"), when it is stated. */
    private static void text(List<Field> fields, TaskDetails details, Detail detail) {
        String value = details.text(detail);
        if (value != null) {
            fields.add(Field.text(Format.label(TaskField.of(detail).key()), value));
        }
    }

    private static void items(List<Field> fields, String label, List<String> values) {
        if (values != null) {
            fields.add(Field.items(label, values));
        }
    }

    private static List<String> lines(Map<String, TextOrList> values) {
        return values.entrySet().stream()
                .map(entry -> Format.label(entry.getKey()) + ": " + String.join(", ", entry.getValue().lines()))
                .toList();
    }

    /** A matrix row as the labelled values it states, in the documented key order. */
    private static String row(BehaviourRow row) {
        List<String> parts = new ArrayList<>();
        labelled(parts, "category", row.category());
        labelled(parts, "behaviour", row.behaviour());
        labelled(parts, "test_name", row.testName());
        labelled(parts, "type", row.type());
        labelled(parts, "status", row.status());
        labelled(parts, "na_reason", row.naReason());
        labelled(parts, "position", row.position());
        return String.join("; ", parts);
    }

    private static void labelled(List<String> parts, String key, Object value) {
        if (value != null) {
            parts.add(Format.label(key) + ": " + value);
        }
    }

    private static String keyFile(KeyFile file) {
        return file.note() == null || file.note().isBlank() ? file.filePath() : file.filePath() + " — " + file.note();
    }

    private static String step(VerificationStep step) {
        String kind = step.stepType() == null ? "" : Format.label(step.stepType().name().toLowerCase(Locale.ROOT)) + ": ";
        return kind + step.stepText() + (step.expectedResult() == null || step.expectedResult().isBlank()
                ? "" : " → expect " + step.expectedResult());
    }
}
