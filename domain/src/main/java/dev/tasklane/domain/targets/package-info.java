/**
 * Delivery targets (docs/rules.md, "Targets"): a name, a due date in a zone, and a scope of goals and tasks of
 * one board, with the progress of that scope. The forecast of a target is {@code dev.tasklane.domain.forecast}'s.
 */
package dev.tasklane.domain.targets;
