package dev.tasklane.adapter.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tasklane.domain.history.HistoryFacts;
import dev.tasklane.domain.id.TaskId;
import dev.tasklane.domain.id.UserId;
import java.lang.reflect.Constructor;
import java.lang.reflect.RecordComponent;
import java.time.Instant;
import java.util.Arrays;
import java.util.Map;
import org.junit.jupiter.api.Test;

class HistoryFactsJsonTest {
    /** Every shape the services record has a wire shape; only NONE renders an empty facts object. */
    @Test
    void everyShapeRenders() throws ReflectiveOperationException {
        for (Class<?> shape : HistoryFacts.class.getPermittedSubclasses()) {
            HistoryFacts facts = sample(shape);
            Map<String, Object> rendered = HistoryFactsJson.document(facts);
            if (facts instanceof HistoryFacts.None) {
                assertTrue(rendered.isEmpty(), "NONE renders {}");
            } else {
                assertFalse(rendered.isEmpty(), shape.getSimpleName() + " renders its facts");
            }
        }
    }

    @Test
    void anAssignmentNamesBothEndsEvenWhenUnassigned() {
        assertEquals(Arrays.asList("from", "to"),
                java.util.List.copyOf(HistoryFactsJson.document(new HistoryFacts.Assignment(null, UserId.of(7))).keySet()));
    }

    private static HistoryFacts sample(Class<?> shape) throws ReflectiveOperationException {
        RecordComponent[] components = shape.getRecordComponents();
        Class<?>[] types = Arrays.stream(components).map(RecordComponent::getType).toArray(Class<?>[]::new);
        Constructor<?> canonical = shape.getDeclaredConstructor(types);
        Object[] args = Arrays.stream(types).map(HistoryFactsJsonTest::sampleValue).toArray();
        return (HistoryFacts) canonical.newInstance(args);
    }

    private static Object sampleValue(Class<?> type) {
        if (type == String.class) {
            return "x";
        }
        if (type == long.class || type == Long.class) {
            return 1L;
        }
        if (type == UserId.class) {
            return UserId.of(1);
        }
        if (type == TaskId.class) {
            return TaskId.of(1);
        }
        if (type == boolean.class) {
            return true;
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
