/**
 * The HTTP API's error answers (docs/api.md, "Errors"): the one body of every error ({@link
 * dev.tasklane.adapter.http.error.ErrorBody}), one handler per error family registered with Javalin ({@link
 * dev.tasklane.adapter.http.error.ErrorHandlers}), the edge's own refusals, and the wire forms of the domain's error
 * values. Depends on no other package of the adapter.
 */
package dev.tasklane.adapter.http.error;
