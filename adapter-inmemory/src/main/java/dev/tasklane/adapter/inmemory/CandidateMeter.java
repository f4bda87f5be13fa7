package dev.tasklane.adapter.inmemory;

import java.util.concurrent.atomic.LongAdder;

/**
 * Counts the work candidate iterators do: every task pulled from an index and every comparison made while
 * merging. Tests read it to show that reaching the first candidate does not depend on the backlog size,
 * without measuring time.
 */
final class CandidateMeter {
    private final LongAdder steps = new LongAdder();

    void step() {
        steps.increment();
    }

    long steps() {
        return steps.sum();
    }

    void reset() {
        steps.reset();
    }
}
