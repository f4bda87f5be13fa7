package dev.tasklane.adapter.http.pipeline;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.lang.annotation.Annotation;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.List;

/**
 * The direct binding of a parsed body to a plain request record, without Jackson's second pass over the tree: each
 * component is read from its key of the object, a {@link JsonNode} component as the value sent (null when the key is
 * missing, a null node when it was sent as null), a {@code String} component as the text of a string (null when
 * missing or null). It takes only the records whose binding by Jackson is exactly that: components of those two
 * types, named as the record or by the snake-case strategy, with no Jackson annotation that changes how a component
 * binds. For any other value (a number sent for a string component) {@link #bind} refuses, and the caller binds with
 * Jackson instead, so that every outcome, refusals included, stays Jackson's.
 *
 * @param <T> the record
 */
final class RecordBinder<T> {
    private final Constructor<T> constructor;
    private final String[] keys;
    private final boolean[] text;

    private RecordBinder(Constructor<T> constructor, String[] keys, boolean[] text) {
        this.constructor = constructor;
        this.keys = keys;
        this.text = text;
    }

    /** The binder of {@code type}, or null when Jackson's binding of it is not the plain one this makes. */
    static <T> RecordBinder<T> of(Class<T> type) {
        if (!type.isRecord() || type.getTypeParameters().length > 0 || !plainClass(type)) {
            return null;
        }
        JsonNaming naming = type.getAnnotation(JsonNaming.class);
        PropertyNamingStrategies.NamingBase snake = naming == null ? null : new PropertyNamingStrategies.SnakeCaseStrategy();
        RecordComponent[] components = type.getRecordComponents();
        String[] keys = new String[components.length];
        boolean[] text = new boolean[components.length];
        List<Class<?>> types = new ArrayList<>();
        for (int i = 0; i < components.length; i++) {
            RecordComponent component = components[i];
            if (component.getType() != String.class && component.getType() != JsonNode.class
                    || !plain(component.getAnnotations()) || !plain(component.getAccessor().getAnnotations())) {
                return null;
            }
            try {
                if (!plain(type.getDeclaredField(component.getName()).getAnnotations())) {
                    return null;
                }
            } catch (NoSuchFieldException impossible) {
                return null;
            }
            keys[i] = snake == null ? component.getName() : snake.translate(component.getName());
            text[i] = component.getType() == String.class;
            types.add(component.getType());
        }
        try {
            Constructor<T> canonical = type.getDeclaredConstructor(types.toArray(Class<?>[]::new));
            for (Annotation[] parameter : canonical.getParameterAnnotations()) {
                if (!plain(parameter)) {
                    return null;
                }
            }
            if (!plain(canonical.getAnnotations()) || hasJacksonMember(type, canonical)) {
                return null;
            }
            canonical.setAccessible(true);
            return new RecordBinder<>(canonical, keys, text);
        } catch (NoSuchMethodException | RuntimeException inaccessible) {
            return null;
        }
    }

    /**
     * The record bound from {@code body}, or null when a value is not what this binder takes (a string component
     * sent something other than a string or null): the caller then binds with Jackson.
     */
    T bind(ObjectNode body) {
        Object[] values = new Object[keys.length];
        for (int i = 0; i < keys.length; i++) {
            JsonNode value = body.get(keys[i]);
            if (!text[i]) {
                values[i] = value;
            } else if (value != null && value.isTextual()) {
                values[i] = value.textValue();
            } else if (value != null && !value.isNull()) {
                return null;
            }
        }
        try {
            return constructor.newInstance(values);
        } catch (InvocationTargetException refused) {
            // the record's own constructor refused the values: Jackson's binding reports it its way
            return null;
        } catch (ReflectiveOperationException unexpected) {
            throw new IllegalStateException("cannot construct " + constructor.getDeclaringClass().getSimpleName(),
                    unexpected);
        }
    }

    /** A class whose Jackson annotations only name the snake-case strategy, ignore unknown keys or steer writing. */
    private static boolean plainClass(Class<?> type) {
        for (Annotation annotation : type.getAnnotations()) {
            if (annotation instanceof JsonNaming naming) {
                if (naming.value() != PropertyNamingStrategies.SnakeCaseStrategy.class) {
                    return false;
                }
            } else if (annotation instanceof JsonIgnoreProperties ignored) {
                if (ignored.value().length > 0 || ignored.allowGetters() || ignored.allowSetters()) {
                    return false;
                }
            } else if (!(annotation instanceof JsonInclude) && jackson(annotation)) {
                return false;
            }
        }
        return true;
    }

    /** No Jackson annotation but {@link JsonInclude}, which only steers writing. */
    private static boolean plain(Annotation[] annotations) {
        for (Annotation annotation : annotations) {
            if (!(annotation instanceof JsonInclude) && jackson(annotation)) {
                return false;
            }
        }
        return true;
    }

    private static boolean jackson(Annotation annotation) {
        return annotation.annotationType().getName().startsWith("com.fasterxml.jackson.");
    }

    /**
     * A constructor, factory or method that Jackson's annotations bring into the binding (another creator, an any
     * setter): then the binding is not the plain one.
     */
    private static boolean hasJacksonMember(Class<?> type, Constructor<?> canonical) {
        for (Constructor<?> constructor : type.getDeclaredConstructors()) {
            if (!constructor.equals(canonical) && !plain(constructor.getAnnotations())) {
                return true;
            }
        }
        for (java.lang.reflect.Method method : type.getDeclaredMethods()) {
            if (!plain(method.getAnnotations())) {
                return true;
            }
            for (Annotation[] parameter : method.getParameterAnnotations()) {
                if (!plain(parameter)) {
                    return true;
                }
            }
        }
        return false;
    }
}
