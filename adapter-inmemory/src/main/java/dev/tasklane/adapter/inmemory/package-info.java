/**
 * The in-memory store: every outbound port kept in Java collections under one store lock, with a journal that
 * undoes a failed transaction. For tests, the simulator and {@code --store memory}; lost on restart
 * (docs/in-memory-store.md).
 */
package dev.tasklane.adapter.inmemory;
