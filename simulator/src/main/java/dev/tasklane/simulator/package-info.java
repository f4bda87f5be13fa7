/**
 * The simulator ({@code tasklane simulate ...}): many simulated agents driving the use cases over the in-memory
 * store, or a compact board that applies their rules, checking the workflow's invariants on their own log
 * (docs/simulator.md).
 */
package dev.tasklane.simulator;
