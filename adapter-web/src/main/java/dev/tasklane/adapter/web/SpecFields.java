package dev.tasklane.adapter.web;

import dev.tasklane.application.edge.WireParts;
import dev.tasklane.adapter.web.view.Field;
import dev.tasklane.domain.task.BehaviourRow;
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

/** The task page's "Specification" section: each stated part of a task's spec as a labelled field. */
final class SpecFields {
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
            fields.add(Field.items("Testing strategy", lines(WireParts.testingStrategy(spec.testingStrategy()))));
        }
        TaskDetails details = spec.details();
        text(fields, "Why", details.why());
        text(fields, "What", details.what());
        text(fields, "Where context", details.whereContext());
        text(fields, "Patterns to follow", details.patternsToFollow());
        items(fields, "Pitfalls", details.pitfalls());
        if (!details.technicalDetails().isEmpty()) {
            fields.add(Field.items("Technical details", details.technicalDetails().values().entrySet().stream()
                    .map(entry -> Format.label(entry.getKey()) + ": " + entry.getValue().text()).toList()));
        }
        items(fields, "Out of scope", details.outOfScope());
        items(fields, "Technology requirements", details.technologyRequirements());
        text(fields, "Estimated files", details.estimatedFiles());
        text(fields, "Database changes", details.databaseChanges());
        text(fields, "Validation rules", details.validationRules());
        text(fields, "Telemetry event", details.telemetryEvent());
        text(fields, "Metrics to track", details.metricsToTrack());
        text(fields, "Logging requirements", details.loggingRequirements());
        text(fields, "Error user message", details.errorUserMessage());
        text(fields, "Error on failure", details.errorOnFailure());
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

    private static void text(List<Field> fields, String label, String value) {
        if (value != null) {
            fields.add(Field.text(label, value));
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
