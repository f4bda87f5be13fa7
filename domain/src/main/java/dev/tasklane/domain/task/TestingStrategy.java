package dev.tasklane.domain.task;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A task's {@code testing_strategy}: how the work is to be tested. Each part is optional (null when not sent) and is
 * a string or an array of strings; no other key is accepted (docs/api.md "Task fields").
 */
public record TestingStrategy(
        TextOrList unitTests,
        TextOrList integrationTests,
        TextOrList manualTests,
        TextOrList edgeCases,
        TextOrList coverageTarget) {

    /** No strategy: the default of a task that does not state one. */
    public static final TestingStrategy NONE = new TestingStrategy(null, null, null, null, null);

    /** Whether no part is stated. */
    public boolean isEmpty() {
        return parts().isEmpty();
    }

    /** The stated parts keyed by wire name, in the documented order. */
    public Map<String, TextOrList> parts() {
        Map<String, TextOrList> parts = new LinkedHashMap<>();
        put(parts, "unit_tests", unitTests);
        put(parts, "integration_tests", integrationTests);
        put(parts, "manual_tests", manualTests);
        put(parts, "edge_cases", edgeCases);
        put(parts, "coverage_target", coverageTarget);
        return parts;
    }

    /** A strategy from parts keyed by wire name; unknown names are ignored (the parser refuses them first). */
    public static TestingStrategy of(Map<String, TextOrList> parts) {
        return new TestingStrategy(parts.get("unit_tests"), parts.get("integration_tests"), parts.get("manual_tests"),
                parts.get("edge_cases"), parts.get("coverage_target"));
    }

    private static void put(Map<String, TextOrList> parts, String key, TextOrList value) {
        if (value != null) {
            parts.put(key, value);
        }
    }
}
