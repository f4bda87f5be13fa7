/**
 * The one place the core admits JSON: {@link dev.tasklane.domain.json.RawJson} holds a value kept as sent and
 * never read by the domain, and {@link dev.tasklane.domain.json.UnknownKeys} holds the unnamed keys of an object
 * stored verbatim. Everything else in the domain is typed.
 */
package dev.tasklane.domain.json;
