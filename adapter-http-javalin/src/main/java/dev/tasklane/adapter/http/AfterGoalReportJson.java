package dev.tasklane.adapter.http;

import dev.tasklane.adapter.http.wire.completion.HookResultBody;
import dev.tasklane.domain.goal.AfterGoalReport;
import java.util.Map;

/**
 * Reads an after_goal report body, bound as a {@link HookResultBody}, into the domain's typed {@link AfterGoalReport}.
 * It never refuses: a field that is absent or not of its type is read as null, and the domain refuses the report
 * after its goal checks, so the order of the answers stays as docs/api.md gives it.
 */
final class AfterGoalReportJson {
    private AfterGoalReportJson() {
    }

    static AfterGoalReport read(Map<String, Object> body) {
        return HookResultBody.of(body).afterGoalReport();
    }
}
