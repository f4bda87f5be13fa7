package dev.tasklane.charts;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * One named row of values, one per point of the chart's x axis; a null value is a point without data (a gap in a
 * line, no bar, zero in a stack).
 */
public record Series(String name, List<Double> values) {
    public Series {
        Objects.requireNonNull(name, "name");
        values = Collections.unmodifiableList(new ArrayList<>(values));
        for (Double value : values) {
            if (value != null && (value.isNaN() || value.isInfinite() || value < 0)) {
                throw new IllegalArgumentException("chart values are finite and at least 0, got " + value + " in " + name);
            }
        }
    }
}
