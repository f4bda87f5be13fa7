/**
 * Rules the driving adapters (the HTTP API and the web interface) share at the edge, written once so that the two
 * cannot drift apart: who the client is behind a trusted reverse proxy ({@link dev.tasklane.application.edge.TrustedProxy})
 * how failed attempts are limited ({@link dev.tasklane.application.edge.FailedAttemptLimiter}), and how a task body
 * (a plain tree of maps, lists and strings, from JSON or from a form) is read into the typed create and edit commands
 * with every field error ({@link dev.tasklane.application.edge.CreateTaskParser},
 * {@link dev.tasklane.application.edge.UpdateTaskParser}), and how live streams are written without a thread each,
 * capped per user and re-checked on a timer ({@link dev.tasklane.application.edge.LiveStreams}). Plain Java, no web
 * framework: the adapters pass in the header values they read. See docs/configuration.md, "Trusted reverse proxy".
 */
package dev.tasklane.application.edge;
