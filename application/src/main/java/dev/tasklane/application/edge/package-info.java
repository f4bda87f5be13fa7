/**
 * Rules the driving adapters (the HTTP API and the web interface) share at the edge, written once so that the two
 * cannot drift apart: who the client is behind a trusted reverse proxy ({@link dev.tasklane.application.edge.TrustedProxy})
 * and how failed attempts are limited ({@link dev.tasklane.application.edge.FailedAttemptLimiter}). Plain Java, no web
 * framework: the adapters pass in the header values they read. See docs/configuration.md, "Trusted reverse proxy".
 */
package dev.tasklane.application.edge;
