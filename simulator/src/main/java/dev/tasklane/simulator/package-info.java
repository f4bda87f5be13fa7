/**
 * The simulator ({@code tasklane simulate ...}): many simulated agents driving the use cases over the in-memory
 * store, checking the workflow's invariants as they go (docs/simulator.md).
 */
package dev.tasklane.simulator;
