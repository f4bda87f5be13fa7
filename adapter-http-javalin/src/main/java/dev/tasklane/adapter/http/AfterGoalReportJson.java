package dev.tasklane.adapter.http;

import dev.tasklane.domain.goal.AfterGoalReport;
import java.util.Map;

/**
 * Reads an after_goal report body into the domain's typed {@link AfterGoalReport}. It never refuses: a field that is
 * absent or not of its type is read as null, and the domain refuses the report after its goal checks, so the order of
 * the answers stays as docs/api.md gives it.
 */
final class AfterGoalReportJson {
    private AfterGoalReportJson() {
    }

    static AfterGoalReport read(Map<String, Object> body) {
        if (body == null) {
            return new AfterGoalReport(null, null, null);
        }
        return new AfterGoalReport(integer(body.get("exit_code")),
                body.get("output") instanceof String output ? output : null, integer(body.get("duration_ms")));
    }

    private static Long integer(Object value) {
        return HookResultJson.isInteger(value) ? ((Number) value).longValue() : null;
    }
}
