package dev.tasklane.application.port.in;

import dev.tasklane.domain.hook.HookName;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@link HookEntry.Env} behaves as an unmodifiable insertion-ordered map, and {@link HookEntry} keeps one as given. */
class HookEntryEnvTest {
    @Test
    void readsLikeAnInsertionOrderedMapOfTheSameVariables() {
        long seed = System.nanoTime();
        System.out.println("HookEntryEnvTest seed " + seed);
        Random random = new Random(seed);
        for (int round = 0; round < 200; round++) {
            int size = random.nextInt(20);
            Map<String, String> expected = new LinkedHashMap<>();
            HookEntry.Env.Builder builder = HookEntry.Env.builder(random.nextInt(size + 1));
            while (expected.size() < size) {
                String name = "VAR_" + random.nextInt(40);
                if (!expected.containsKey(name)) {
                    String value = random.nextBoolean() ? "" : Integer.toString(random.nextInt());
                    expected.put(name, value);
                    builder.put(name, value);
                }
            }
            HookEntry.Env env = builder.build();
            String context = "seed " + seed + ", round " + round;
            assertEquals(expected, env, context);
            assertEquals(env, expected, context);
            assertEquals(expected.hashCode(), env.hashCode(), context);
            assertEquals(new ArrayList<>(expected.entrySet()), new ArrayList<>(env.entrySet()), context);
            assertEquals(List.copyOf(expected.keySet()), List.copyOf(env.keySet()), context);
            for (int probe = 0; probe < 40; probe++) {
                String name = "VAR_" + probe;
                assertEquals(expected.get(name), env.get(name), context);
                assertEquals(expected.containsKey(name), env.containsKey(name), context);
            }
            assertEquals(expected, HookEntry.Env.copyOf(expected), context);
            if (!expected.containsKey("HOOK_NAME")) {
                HookEntry.Env longer = env.with("HOOK_NAME", "after_review");
                expected.put("HOOK_NAME", "after_review");
                assertEquals(new ArrayList<>(expected.entrySet()), new ArrayList<>(longer.entrySet()), context);
                assertEquals(expected.size() - 1, env.size(), "the shared part is left as it was; " + context);
            }
        }
    }

    @Test
    void refusesChangesRepeatedNamesAndNulls() {
        HookEntry.Env env = HookEntry.Env.builder(2).put("TASK_ID", "1").put("HOOK_NAME", "before_doing").build();
        assertThrows(UnsupportedOperationException.class, () -> env.put("TASK_ID", "2"));
        assertThrows(UnsupportedOperationException.class, () -> env.remove("TASK_ID"));
        assertThrows(UnsupportedOperationException.class, () -> env.entrySet().iterator().next().setValue("2"));
        assertThrows(UnsupportedOperationException.class, env::clear);
        assertEquals("1", env.get("TASK_ID"));
        assertNull(env.get(null));
        assertFalse(env.containsKey("task_id"));

        assertThrows(IllegalArgumentException.class, () -> env.with("TASK_ID", "2"));
        HookEntry.Env.Builder builder = HookEntry.Env.builder(2).put("TASK_ID", "1");
        assertThrows(IllegalArgumentException.class, () -> builder.put("TASK_ID", "2"));
        assertThrows(NullPointerException.class, () -> HookEntry.Env.builder(1).put(null, "1"));
        assertThrows(NullPointerException.class, () -> HookEntry.Env.builder(1).put("TASK_ID", null));
    }

    @Test
    void hookEntryKeepsABuiltEnvironmentAndCopiesAnyOther() {
        HookEntry.Env built = HookEntry.Env.builder(1).put("HOOK_NAME", "after_doing").build();
        assertSame(built, new HookEntry(HookName.AFTER_DOING, built, 1_000, true).env());

        Map<String, String> given = new LinkedHashMap<>();
        given.put("B", "2");
        given.put("A", "1");
        HookEntry entry = new HookEntry(HookName.AFTER_DOING, given, 1_000, true);
        given.put("C", "3");
        assertEquals(List.of("B", "A"), List.copyOf(entry.env().keySet()));
        assertThrows(UnsupportedOperationException.class, () -> entry.env().put("C", "3"));
        assertTrue(HookEntry.Env.copyOf(Map.of()).isEmpty());
    }
}
