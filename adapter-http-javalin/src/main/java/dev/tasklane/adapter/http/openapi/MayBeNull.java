package dev.tasklane.adapter.http.openapi;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A request field that may be sent as {@code null}, with a meaning of its own (for example {@code assigned_to_id:
 * null} unassigns): its schema allows null besides its type.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.FIELD, ElementType.RECORD_COMPONENT, ElementType.METHOD})
public @interface MayBeNull {
}
