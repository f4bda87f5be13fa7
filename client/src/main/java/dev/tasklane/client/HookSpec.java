package dev.tasklane.client;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tasklane.domain.hook.HookName;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What the client needs to run one hook: which hook, the environment the server built for it, and its timeout.
 * Parsed from a hook entry of a claim, complete or mark_reviewed response, or built locally when the hook must run
 * before the server has answered (before_doing runs before the claim exists).
 */
public record HookSpec(HookName name, Map<String, String> env, Duration timeout) {

    public HookSpec {
        env = Map.copyOf(env);
        if (timeout.isZero() || timeout.isNegative()) {
            throw new IllegalArgumentException("a hook timeout must be positive");
        }
    }

    /** A hook entry {@code {name, env, timeout, ...}}; a missing timeout falls back to the spec's default. */
    static HookSpec fromJson(JsonNode entry) {
        HookName name = HookName.fromCode(entry.path("name").asText())
                .orElseThrow(() -> new IllegalArgumentException("unknown hook name: " + entry.path("name")));
        Map<String, String> env = new LinkedHashMap<>();
        entry.path("env").properties().forEach(field -> env.put(field.getKey(), field.getValue().asText()));
        long timeoutMs = entry.path("timeout").asLong(0);
        return new HookSpec(name, env, timeoutMs > 0 ? Duration.ofMillis(timeoutMs) : name.defaultTimeout());
    }

    /** This hook with extra environment entries (later entries win). */
    public HookSpec withEnv(Map<String, String> extra) {
        Map<String, String> merged = new LinkedHashMap<>(env);
        merged.putAll(extra);
        return new HookSpec(name, merged, timeout);
    }
}
