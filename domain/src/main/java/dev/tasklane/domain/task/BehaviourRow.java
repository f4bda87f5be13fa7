package dev.tasklane.domain.task;

import java.util.List;

/**
 * One row of a task's {@code behaviour_test_matrix}: a behaviour the tests must cover, its category and the test
 * that covers it, or why none applies (docs/api.md "Task fields"). Keys of a row that are not listed here are not
 * part of the row.
 *
 * @param category one of {@link #CATEGORIES}
 * @param type     {@code unit}, {@code integration}, {@code manual} or a {@code /}-separated combination; may be null
 * @param status   one of {@link #STATUSES}; {@code planned} when not sent
 * @param position the row's position when sent, else null
 */
public record BehaviourRow(
        String category,
        String behaviour,
        String testName,
        String type,
        String status,
        String naReason,
        Integer position) {

    /** Categories of a row; a matrix needs one row of each. */
    public static final List<String> CATEGORIES = List.of("Happy path", "Boundary", "Error / exception",
            "Null / empty", "Concurrency", "Lifecycle / wiring", "Contract / serialization");
    /** Status values of a row. */
    public static final List<String> STATUSES = List.of("planned", "passing", "failing", "not_applicable");
    /** Test types a row's type combines with '/'. */
    public static final List<String> TYPES = List.of("unit", "integration", "manual");
    /** The status of a row that does not state one. */
    public static final String DEFAULT_STATUS = "planned";

    public BehaviourRow {
        status = status == null ? DEFAULT_STATUS : status;
    }
}
