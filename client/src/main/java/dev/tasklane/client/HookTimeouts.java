package dev.tasklane.client;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tasklane.domain.hook.HookName;

import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;

/**
 * The server's hook timeouts, read from the onboarding document's {@code hooks.available_hooks}, for the hooks
 * that run before the server hands out their entry (before_doing before the claim, after_doing and before_review
 * before complete, after_review before mark_reviewed). A hook the document does not list gets the spec's default.
 */
final class HookTimeouts {
    private final Map<HookName, Duration> timeouts = new EnumMap<>(HookName.class);

    static HookTimeouts from(JsonNode onboarding) {
        HookTimeouts result = new HookTimeouts();
        for (JsonNode hook : onboarding.path("hooks").path("available_hooks")) {
            long ms = hook.path("timeout").asLong(0);
            HookName.fromCode(hook.path("name").asText())
                    .filter(name -> ms > 0)
                    .ifPresent(name -> result.timeouts.put(name, Duration.ofMillis(ms)));
        }
        return result;
    }

    Duration of(HookName hook) {
        return timeouts.getOrDefault(hook, hook.defaultTimeout());
    }
}
