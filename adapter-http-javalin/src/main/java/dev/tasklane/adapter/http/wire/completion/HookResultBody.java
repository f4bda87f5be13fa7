package dev.tasklane.adapter.http.wire.completion;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.tasklane.domain.goal.AfterGoalReport;

/**
 * The body of an after_goal report (docs/api.md, "Hook results"): the hook result's keys, each component the value
 * as sent, bound by Jackson (null when the key was not sent, a JSON null when it was sent as null). A hook's proof in
 * the bodies of claim, complete and mark_reviewed is read by {@code BodyChecks.proof}. Keys it does not name are not
 * read.
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonIgnoreProperties(ignoreUnknown = true)
public record HookResultBody(JsonNode exitCode, JsonNode output, JsonNode durationMs) {
    /**
     * The after_goal report this body makes. It never refuses: a value that is absent or not of its type is null,
     * and the domain refuses the report after its goal checks, so the order of the answers stays as docs/api.md
     * gives it.
     */
    public AfterGoalReport afterGoalReport() {
        return new AfterGoalReport(integer(exitCode), output != null && output.isTextual() ? output.textValue() : null,
                integer(durationMs));
    }

    private static Long integer(JsonNode value) {
        return value != null && value.isIntegralNumber() && value.canConvertToLong() ? value.longValue() : null;
    }
}
