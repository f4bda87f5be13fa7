package dev.tasklane.domain.task;

import java.util.List;
import java.util.Objects;

/**
 * A descriptive value that the API accepts either as one string or as an array of strings, and echoes in the form it
 * was sent (the values of {@code testing_strategy} and {@code integration_points}, docs/api.md "Task fields").
 */
public sealed interface TextOrList {
    /** The value's lines: the one string, or the array's entries. */
    List<String> lines();

    /** A value sent as one string. */
    record Text(String value) implements TextOrList {
        public Text {
            Objects.requireNonNull(value, "value");
        }

        @Override
        public List<String> lines() {
            return List.of(value);
        }
    }

    /** A value sent as an array of strings. */
    record Lines(List<String> values) implements TextOrList {
        public Lines {
            values = List.copyOf(values);
        }

        @Override
        public List<String> lines() {
            return values;
        }
    }

    static TextOrList of(String value) {
        return new Text(value);
    }

    static TextOrList of(List<String> values) {
        return new Lines(values);
    }
}
