package dev.tasklane.domain.task;

import java.util.EnumMap;
import java.util.Map;

/**
 * A task's testing strategy: how the work is to be tested. Each {@link Part} is optional (null when not stated) and
 * is a text or a list of texts; a strategy has no other part (docs/api.md "Task fields"). How a part is spelled on
 * the wire is the edge's.
 */
public record TestingStrategy(
        TextOrList unitTests,
        TextOrList integrationTests,
        TextOrList manualTests,
        TextOrList edgeCases,
        TextOrList coverageTarget) {

    /** The parts of a strategy, in the documented order. */
    public enum Part {
        UNIT_TESTS,
        INTEGRATION_TESTS,
        MANUAL_TESTS,
        EDGE_CASES,
        COVERAGE_TARGET
    }

    /** No strategy: the default of a task that does not state one. */
    public static final TestingStrategy NONE = new TestingStrategy(null, null, null, null, null);

    /** Whether no part is stated. */
    public boolean isEmpty() {
        return unitTests == null && integrationTests == null && manualTests == null && edgeCases == null
                && coverageTarget == null;
    }

    /** The stated parts, in the documented order. */
    public Map<Part, TextOrList> parts() {
        Map<Part, TextOrList> parts = new EnumMap<>(Part.class);
        for (Part part : Part.values()) {
            TextOrList value = part(part);
            if (value != null) {
                parts.put(part, value);
            }
        }
        return parts;
    }

    /** One part; null when not stated. */
    public TextOrList part(Part part) {
        return switch (part) {
            case UNIT_TESTS -> unitTests;
            case INTEGRATION_TESTS -> integrationTests;
            case MANUAL_TESTS -> manualTests;
            case EDGE_CASES -> edgeCases;
            case COVERAGE_TARGET -> coverageTarget;
        };
    }

    /** A strategy from its stated parts; a part not in the map is not stated. */
    public static TestingStrategy of(Map<Part, TextOrList> parts) {
        return new TestingStrategy(parts.get(Part.UNIT_TESTS), parts.get(Part.INTEGRATION_TESTS),
                parts.get(Part.MANUAL_TESTS), parts.get(Part.EDGE_CASES), parts.get(Part.COVERAGE_TARGET));
    }
}
