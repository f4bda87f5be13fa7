/**
 * What every API request goes through, whatever its route: the call and its route table, body and query reading,
 * authentication, {@code Idempotency-Key}s and the event stream.
 */
package dev.tasklane.adapter.http.pipeline;
