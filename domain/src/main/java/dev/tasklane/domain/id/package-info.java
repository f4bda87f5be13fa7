/**
 * Typed ids: {@link dev.tasklane.domain.id.TaskId}, {@link dev.tasklane.domain.id.UserId} and
 * {@link dev.tasklane.domain.id.BoardId}, one record over a {@code long} each, so the compiler rejects a task id
 * passed as a user id. Adapters convert at their edge: the numbers on the wire and in the database are unchanged
 * (docs/architecture.md, "Value ids").
 */
package dev.tasklane.domain.id;
