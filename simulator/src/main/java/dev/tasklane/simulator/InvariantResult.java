package dev.tasklane.simulator;

import java.util.List;

/**
 * The verdict on one invariant.
 *
 * @param name       a stable short name ("single-holder")
 * @param violations how many times the log breaks it
 * @param examples   the first few violations, in words
 */
record InvariantResult(String name, String description, int violations, List<String> examples) {
    static final int MAX_EXAMPLES = 5;

    InvariantResult {
        examples = List.copyOf(examples);
    }

    boolean passed() {
        return violations == 0;
    }
}
