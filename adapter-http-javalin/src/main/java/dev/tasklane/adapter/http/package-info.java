/**
 * The HTTP API on Javalin: routes, authentication and its failure limit, JSON in and out, the event stream and
 * {@code Idempotency-Key}s, reaching the application through its inbound ports only (docs/api.md). The error answers
 * are in {@code adapter.http.error}.
 */
package dev.tasklane.adapter.http;
