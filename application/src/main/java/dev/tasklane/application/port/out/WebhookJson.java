package dev.tasklane.application.port.out;

/**
 * Writes a webhook body, a plain Java tree (maps, lists, strings, numbers, booleans, null), as compact JSON text;
 * bootstrap passes its JSON mapper's writer, so that the application needs no JSON library of its own.
 */
@FunctionalInterface
public interface WebhookJson {
    String write(Object value);
}
