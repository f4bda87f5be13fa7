package dev.tasklane.client;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tasklane.domain.hook.HookResult;

/** The wire form of a hook result, {@code {exit_code, output, duration_ms}} (docs/api.md, "Hooks"). */
final class HookResults {
    private HookResults() {
    }

    static ObjectNode toJson(HookResult result) {
        return JsonNodeFactory.instance.objectNode()
                .put("exit_code", result.exitCode())
                .put("output", result.output())
                .put("duration_ms", result.durationMs());
    }
}
