package dev.tasklane.edge;

/**
 * Writes a plain Java tree (maps, lists, strings, numbers, booleans, null) as compact JSON text: how a task body
 * reader stores a free-form object ({@code technical_details}) as sent. The HTTP adapter passes its JSON mapper's
 * writer; the web interface, which reads forms, passes the same kind of writer or one that never sees an object.
 */
@FunctionalInterface
public interface JsonText {
    String write(Object value);
}
