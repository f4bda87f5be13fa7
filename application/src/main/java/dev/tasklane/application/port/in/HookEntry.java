package dev.tasklane.application.port.in;

import dev.tasklane.domain.hook.HookName;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Hook metadata handed to the agent: which hook to run now, the environment to run it with, its timeout
 * and whether a failure blocks the flow.
 */
public record HookEntry(HookName name, Map<String, String> env, long timeoutMs, boolean blocking) {
    public HookEntry {
        env = Collections.unmodifiableMap(new LinkedHashMap<>(env));
    }
}
