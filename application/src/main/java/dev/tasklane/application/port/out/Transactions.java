package dev.tasklane.application.port.out;

import java.util.Optional;
import java.util.function.Supplier;

/**
 * Runs a unit of work atomically: every store write inside {@code work} is committed together, or, if it
 * throws, none is. Each use case is exactly one call.
 */
public interface Transactions {
    <T> T inTransaction(Supplier<T> work);

    /**
     * Runs a unit of work that only reads. A store may run several of them at once, never beside a unit of work
     * that writes, and may refuse a write made inside one; the stores of a database take it as any other
     * transaction, which is what this default does. A call inside a unit of work already under way joins it.
     */
    default <T> T inReadTransaction(Supplier<T> work) {
        return inTransaction(work);
    }

    /**
     * Runs {@code work} inside the current unit of work as an attempt that can be taken back: when it answers
     * empty or throws, everything it did is undone and every lock it took is released at once (a savepoint
     * rolled back), while the rest of the unit of work goes on. This is how a claim passes over a candidate
     * it locked and then found it cannot take, without keeping other agents away from it until commit.
     * Must be called inside {@link #inTransaction}.
     */
    <T> Optional<T> tentatively(Supplier<Optional<T>> work);
}
