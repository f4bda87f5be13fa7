package dev.tasklane.application.port.out;

/**
 * Writes a plain Java tree (maps, lists, strings, numbers, booleans, null) as compact JSON text: how the webhook
 * deliveries' bodies leave the application without the application knowing a JSON library. The server passes its
 * JSON mapper's writer.
 */
@FunctionalInterface
public interface JsonWriter {
    String write(Object tree);
}
