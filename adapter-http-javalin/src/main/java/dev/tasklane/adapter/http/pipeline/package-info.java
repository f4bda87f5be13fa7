/**
 * What every API request goes through, whatever its route: the call and its route table, body and query reading,
 * authentication, {@code Idempotency-Key}s, the event stream, and the settings they read ({@code HttpSettings},
 * {@code EventStreamSettings}).
 */
package dev.tasklane.adapter.http.pipeline;
