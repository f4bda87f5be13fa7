package dev.tasklane.domain.task;

/**
 * The descriptive details of a task, one constant per component of {@link TaskDetails}: what an edit may set or
 * clear one by one. The service stores and echoes them without acting on them; their wire names are the edge's.
 */
public enum Detail {
    ESTIMATED_FILES,
    WHY,
    WHAT,
    WHERE_CONTEXT,
    PATTERNS_TO_FOLLOW,
    DATABASE_CHANGES,
    VALIDATION_RULES,
    TELEMETRY_EVENT,
    METRICS_TO_TRACK,
    LOGGING_REQUIREMENTS,
    ERROR_USER_MESSAGE,
    ERROR_ON_FAILURE,
    PITFALLS,
    OUT_OF_SCOPE,
    TECHNOLOGY_REQUIREMENTS,
    INTEGRATION_POINTS,
    TECHNICAL_DETAILS,
    BEHAVIOUR_TEST_MATRIX
}
