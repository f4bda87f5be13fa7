package dev.tasklane.application.port.in;

import dev.tasklane.domain.hook.HookName;

import java.util.Map;

/**
 * Hook metadata handed to the agent: which hook to run now, the environment to run it with, its timeout
 * and whether a failure blocks the flow. The environment is kept as an unmodifiable {@link HookEnv}, in the
 * order it was given; one built as a {@link HookEnv} already is kept as it is.
 */
public record HookEntry(HookName name, Map<String, String> env, long timeoutMs, boolean blocking) {
    public HookEntry {
        env = HookEnv.copyOf(env);
    }
}
