package dev.tasklane.application.port.out;

import java.util.function.Supplier;

/**
 * Runs a unit of work atomically: every store write inside {@code work} is committed together, or, if it
 * throws, none is. Each use case is exactly one call.
 */
public interface Transactions {
    <T> T inTransaction(Supplier<T> work);
}
