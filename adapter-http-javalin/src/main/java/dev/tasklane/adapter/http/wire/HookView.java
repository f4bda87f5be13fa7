package dev.tasklane.adapter.http.wire;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.tasklane.application.port.in.HookEntry;

import java.util.List;
import java.util.Map;

/** One hook to run, with its environment and timeout (docs/api.md, "Hooks"). */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record HookView(String name, Map<String, String> env, long timeout, boolean blocking, String executeBefore,
                       String executeAfter, String description) {
    public static HookView of(HookEntry entry) {
        return new HookView(entry.name().code(), entry.env(), entry.timeoutMs(), entry.blocking(),
                entry.name().executeBefore(), entry.name().executeAfter(), entry.name().description());
    }

    public static List<HookView> of(List<HookEntry> entries) {
        return entries.stream().map(HookView::of).toList();
    }
}
