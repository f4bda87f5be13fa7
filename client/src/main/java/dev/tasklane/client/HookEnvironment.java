package dev.tasklane.client;

import dev.tasklane.domain.hook.HookName;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The environment a hook script sees: the server's env entries restricted to the allow-list the Stride plugin
 * forwards (docs/api.md, "Task renders", plus the GOAL_* keys of after_goal), and {@code HOOK_NAME}. after_goal always gets the
 * GOAL_* keys, empty when unknown.
 */
final class HookEnvironment {
    static final List<String> TASK_KEYS = List.of("TASK_ID", "TASK_IDENTIFIER", "TASK_TITLE", "TASK_DESCRIPTION",
            "TASK_STATUS", "TASK_COMPLEXITY", "TASK_PRIORITY", "TASK_NEEDS_REVIEW", "BOARD_ID", "BOARD_NAME",
            "COLUMN_ID", "COLUMN_NAME", "AGENT_NAME");
    static final List<String> GOAL_KEYS = List.of("GOAL_ID", "GOAL_IDENTIFIER", "GOAL_TITLE", "GOAL_DESCRIPTION");

    private HookEnvironment() {
    }

    static Map<String, String> forHook(HookSpec hook) {
        Map<String, String> env = new LinkedHashMap<>();
        TASK_KEYS.forEach(key -> put(env, key, hook.env().get(key), false));
        GOAL_KEYS.forEach(key -> put(env, key, hook.env().get(key), hook.name() == HookName.AFTER_GOAL));
        env.put("HOOK_NAME", hook.name().code());
        return env;
    }

    private static void put(Map<String, String> env, String key, String value, boolean always) {
        if (value != null) {
            env.put(key, value);
        } else if (always) {
            env.put(key, "");
        }
    }
}
