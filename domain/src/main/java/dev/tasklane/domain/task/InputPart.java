package dev.tasklane.domain.task;

/**
 * A part of what a caller sends that a rule can refuse, named in the business's terms: the parts of a completion
 * report, of an explorer or reviewer result and of a changed file, the request parts of an archive and a review
 * decision, and a board's work-in-progress limit. The rules key their errors by these; how a caller's side spells
 * each one is a {@link PartNames}, which the edge supplies (docs/architecture.md, "Field names are the edge's").
 */
public enum InputPart {
    // ---------------------------------------------------------------- a completion report
    COMPLETION_SUMMARY,
    ACTUAL_COMPLEXITY,
    ACTUAL_FILES_CHANGED,
    TIME_SPENT_MINUTES,
    COMPLETION_NOTES,
    REVIEW_REPORT,
    WORKFLOW_STEPS,
    EXPLORER_RESULT,
    REVIEWER_RESULT,
    CHANGED_FILES,

    // ---------------------------------------------------------------- one explorer or reviewer result
    /** The result as a whole (absent, or not an object). */
    RESULT,
    DISPATCHED,
    SUMMARY,
    DURATION_MS,
    REASON,
    STATUS,
    ISSUE_COUNTS,
    ISSUES,
    ACCEPTANCE_CRITERIA,
    ACCEPTANCE_CRITERIA_CHECKED,
    PROJECT_CHECKS,
    SCHEMA_VERSION,
    TESTING_STRATEGY,
    PATTERNS,
    PITFALLS,
    SECURITY_CONSIDERATIONS,
    BEHAVIOUR_TEST_MATRIX,

    // ---------------------------------------------------------------- one changed file
    CHANGED_FILE_PATH,
    CHANGED_FILE_DIFF,

    // ---------------------------------------------------------------- an archive, a review decision, a board's limits
    DUPLICATE_OF,
    REVIEW_STATUS,
    REVIEW_NOTES,
    /** A board's work-in-progress limit on Doing. */
    WIP_LIMIT_DOING
}
