/**
 * Jackson bindings for the values the domain keeps as an agent sent them ({@code domain.task.Verbatim},
 * {@code domain.task.UnknownKeys} and the completion records that carry them). The HTTP adapter writes answers and
 * the JDBI store writes its documents through the same bindings, so an answer and a stored document spell a kept
 * value alike; the domain stays free of Jackson. Depends on the domain and jackson-databind only.
 */
package dev.tasklane.json;
