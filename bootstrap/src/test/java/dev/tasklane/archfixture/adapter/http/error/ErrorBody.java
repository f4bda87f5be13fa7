package dev.tasklane.archfixture.adapter.http.error;

/** An error body that depends on neither the routes nor the pipeline: allowed. */
public record ErrorBody(String error, String message) {
}
