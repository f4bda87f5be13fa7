package dev.tasklane.domain.validation;

import dev.tasklane.domain.task.TaskDetails;
import java.util.List;

/** Sets one descriptive field of {@link TaskDetails}, named by its {@link TaskField}, on a details builder. */
final class LegacyDetailFields {
    private LegacyDetailFields() {
    }

    /** A text detail: {@code why}, {@code estimated_files}, {@code patterns_to_follow}, ...; null clears it. */
    static void text(TaskDetails.Builder details, TaskField field, String value) {
        switch (field) {
            case ESTIMATED_FILES -> details.estimatedFiles(value);
            case WHY -> details.why(value);
            case WHAT -> details.what(value);
            case WHERE_CONTEXT -> details.whereContext(value);
            case PATTERNS_TO_FOLLOW -> details.patternsToFollow(value);
            case DATABASE_CHANGES -> details.databaseChanges(value);
            case VALIDATION_RULES -> details.validationRules(value);
            case TELEMETRY_EVENT -> details.telemetryEvent(value);
            case METRICS_TO_TRACK -> details.metricsToTrack(value);
            case LOGGING_REQUIREMENTS -> details.loggingRequirements(value);
            case ERROR_USER_MESSAGE -> details.errorUserMessage(value);
            case ERROR_ON_FAILURE -> details.errorOnFailure(value);
            default -> throw new IllegalArgumentException(field + " is not a text detail");
        }
    }

    /** A string-array detail: {@code pitfalls}, {@code out_of_scope}, {@code technology_requirements}. */
    static void strings(TaskDetails.Builder details, TaskField field, List<String> value) {
        switch (field) {
            case PITFALLS -> details.pitfalls(value);
            case OUT_OF_SCOPE -> details.outOfScope(value);
            case TECHNOLOGY_REQUIREMENTS -> details.technologyRequirements(value);
            default -> throw new IllegalArgumentException(field + " is not a string-array detail");
        }
    }
}
