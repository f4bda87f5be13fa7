package dev.tasklane.application.port.out;

/**
 * Writes a webhook body as compact JSON text; bootstrap passes one over its JSON mapper, so that the application
 * needs no JSON library of its own.
 */
@FunctionalInterface
public interface WebhookJson {
    String write(WebhookBody body);
}
