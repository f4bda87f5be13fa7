/**
 * The domain module: tasks, their workflow (statuses, transitions, hooks), identity values and the validation of
 * what a task may hold, in plain Java with no dependency but the JDK. Everything else depends on it; it depends on
 * nothing (docs/architecture.md, docs/rules.md).
 */
package dev.tasklane.domain;
