package dev.tasklane.adapter.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.tasklane.adapter.http.pipeline.HttpSettings;
import dev.tasklane.adapter.http.pipeline.Json;
import dev.tasklane.adapter.http.wire.completion.HookResultBody;
import dev.tasklane.domain.goal.AfterGoalReport;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The after_goal body is read into a typed report without refusing anything; the domain refuses what is incomplete. */
class AfterGoalReportBodyTest {
    private static final Json JSON = new Json(HttpSettings.defaults("http://localhost"));

    /** The body as the route reads it: bound from its JSON tree to the after_goal record. */
    private static AfterGoalReport read(Map<String, Object> sent) {
        return JSON.bind(JSON.mapper().valueToTree(sent), HookResultBody.class).afterGoalReport();
    }

    private static Map<String, Object> body(Object exitCode, Object output, Object durationMs) {
        Map<String, Object> map = new HashMap<>();
        map.put("exit_code", exitCode);
        map.put("output", output);
        map.put("duration_ms", durationMs);
        return map;
    }

    @Test
    void aWellFormedBodyIsReadWithoutItsExtraKeys() {
        Map<String, Object> sent = body(0, "rolled up", 42);
        sent.put("secret", "x");
        assertEquals(new AfterGoalReport(0L, "rolled up", 42L), read(sent));
    }

    @Test
    void everyValueThatIsNotOfItsTypeIsReadAsAbsent() {
        List<Map<String, Object>> bad = new ArrayList<>(List.of(body("0", "", 1), body(0.5, "", 1), body(0, 5, 1),
                body(0, "", -1), body(0, "", 1.5), body(null, "", 1), Map.of("exit_code", 0, "output", "")));
        for (Map<String, Object> sent : bad) {
            assertFalse(read(sent).complete(), String.valueOf(sent));
        }
    }
}
