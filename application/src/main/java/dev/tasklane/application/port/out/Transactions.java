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
     * Runs {@code work} inside the current unit of work as an attempt that can be taken back: when it answers
     * empty or throws, everything it did is undone and every lock it took is released at once (a savepoint
     * rolled back), while the rest of the unit of work goes on. This is how a claim passes over a candidate
     * it locked and then found it cannot take, without keeping other agents away from it until commit.
     * Must be called inside {@link #inTransaction}.
     */
    <T> Optional<T> tentatively(Supplier<Optional<T>> work);
}
