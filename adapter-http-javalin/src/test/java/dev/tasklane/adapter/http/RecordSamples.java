package dev.tasklane.adapter.http;

import dev.tasklane.domain.history.HistoryFacts;
import dev.tasklane.domain.id.TaskId;
import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.task.TaskIdentifier;

import java.lang.reflect.Constructor;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;

/**
 * One instance of each record a sealed type permits, built through its canonical constructor with a sample value
 * per component: for tests that check every shape of a sealed type renders, so that a new shape cannot be left
 * without its wire form.
 */
public final class RecordSamples {
    private RecordSamples() {
    }

    public static <T> T sample(Class<?> shape, Class<T> as) throws ReflectiveOperationException {
        RecordComponent[] components = shape.getRecordComponents();
        Class<?>[] types = Arrays.stream(components).map(RecordComponent::getType).toArray(Class<?>[]::new);
        Constructor<?> canonical = shape.getDeclaredConstructor(types);
        Object[] args = Arrays.stream(components).map(RecordSamples::value).toArray();
        return as.cast(canonical.newInstance(args));
    }

    private static Object value(RecordComponent component) {
        if (component.getType() == List.class && component.getGenericType() instanceof ParameterizedType list) {
            return List.of(value((Class<?>) list.getActualTypeArguments()[0]));
        }
        return value(component.getType());
    }

    private static Object value(Class<?> type) {
        if (type == String.class) {
            return "x";
        }
        if (type == long.class || type == Long.class) {
            return 1L;
        }
        if (type == int.class || type == Integer.class) {
            return 1;
        }
        if (type == boolean.class) {
            return true;
        }
        if (type == UserId.class) {
            return UserId.of(1);
        }
        if (type == TaskIdentifier.class) {
            return TaskIdentifier.parse("W1").orElseThrow();
        }
        if (type == TaskId.class) {
            return TaskId.of(1);
        }
        if (type == List.class) {
            return List.of("x");
        }
        if (type == Instant.class) {
            return Instant.EPOCH;
        }
        if (type == HistoryFacts.Source.class) {
            return HistoryFacts.Source.AFTER_GOAL_REPORT;
        }
        throw new IllegalArgumentException("add a sample for " + type);
    }
}
