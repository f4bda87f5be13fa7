package dev.tasklane.domain.validation;

import java.util.List;

/**
 * The one source of every cap on a request: how many entries a list may hold and how long a string may be.
 * The validation rules, the onboarding schemas ({@code maxItems}, {@code maxLength}), the table in
 * {@code docs/api.md} and the database column sizes are all derived from or checked against these constants
 * (tests compare each of them with this table), so that they cannot drift apart.
 *
 * <p>Lengths are counted in Unicode code points; byte caps in UTF-8 bytes of the decoded text.
 */
public enum Limit {
    // ------------------------------------------------------------ structure of create and batch requests
    // the three caps that bound a create request's work: docs/api.md ("Request caps and limits") says why each is
    // where it is; the heaviest body they allow must be answered within 50 ms (bench/run.sh, worst_request_ms)
    GOAL_CHILDREN(Unit.ENTRIES, 50, "tasks (children) of one goal in a create or batch request"),
    BATCH_GOALS(Unit.ENTRIES, 50, "goals in one batch of goals"),
    REQUEST_TASKS(Unit.ENTRIES, 100, "tasks and goals in one create or batch request, in total"),
    DEPENDENCIES(Unit.ENTRIES, 20, "dependencies of one task"),
    KEY_FILES(Unit.ENTRIES, 50, "key_files of one task"),
    VERIFICATION_STEPS(Unit.ENTRIES, 50, "verification_steps of one task"),
    LIST_ENTRIES(Unit.ENTRIES, 50,
            "entries of every other list of a task (security_considerations, required_capabilities, pitfalls, "
                    + "out_of_scope, technology_requirements, behaviour_test_matrix, the lists inside "
                    + "testing_strategy and integration_points) and the keys of integration_points"),
    ANY_LIST(Unit.ENTRIES, 1_000,
            "entries of any list anywhere in a request body, whatever its place (completion reports, hook results, "
                    + "review bodies ...): the ceiling under the narrower caps"),

    // ------------------------------------------------------------ strings
    TITLE(Unit.CODE_POINTS, 255, "title, estimated_files, telemetry_event, parent_id, created_by_agent"),
    LIST_ENTRY(Unit.CODE_POINTS, 255,
            "each entry of dependencies, security_considerations and required_capabilities"),
    LONG_TEXT(Unit.CODE_POINTS, 65_535,
            "description, acceptance_criteria and the other free-text fields of a task (what, why, "
                    + "where_context, patterns_to_follow ...), completion_notes"),
    ROW_TEXT(Unit.CODE_POINTS, 4_000,
            "each entry of pitfalls, out_of_scope and technology_requirements, each string inside "
                    + "testing_strategy and integration_points, and each text of a key_files, verification_steps or "
                    + "behaviour_test_matrix row (note, step_text, expected_result, behaviour, test_name, na_reason)"),
    NAME(Unit.CODE_POINTS, 255, "username, display_name, board name, token name, agent_model"),
    AGENT_NAME(Unit.CODE_POINTS, 255, "agent_name of any request"),
    FILE_PATH(Unit.CODE_POINTS, 500, "a key_files file_path and a changed_files path"),
    ARCHIVE_NOTE(Unit.CODE_POINTS, 4_000, "the note of an archive"),
    COMMENT_BODY(Unit.CODE_POINTS, 10_000, "the body of a comment"),

    // ------------------------------------------------------------ changed_files (decoded)
    CHANGED_FILES(Unit.ENTRIES, 1_000, "entries of one task's changed_files"),
    DIFF_BYTES(Unit.BYTES, 262_144, "decoded UTF-8 bytes of one changed_files diff"),
    CHANGED_FILES_BYTES(Unit.BYTES, 2_097_152,
            "decoded bytes of one task's changed_files (the JSON array after base64/gzip decoding)"),
    DIFF_LINE(Unit.CODE_POINTS, 2_000, "one line of a changed_files diff");

    /** What a limit counts. */
    public enum Unit {
        ENTRIES("entries"), CODE_POINTS("characters"), BYTES("bytes");

        private final String word;

        Unit(String word) {
            this.word = word;
        }

        public String word() {
            return word;
        }
    }

    private final Unit unit;
    private final int max;
    private final String scope;

    Limit(Unit unit, int max, String scope) {
        this.unit = unit;
        this.max = max;
        this.scope = scope;
    }

    public Unit unit() {
        return unit;
    }

    /** The largest accepted count, length or size. */
    public int max() {
        return max;
    }

    /** What the limit applies to, as the docs state it. */
    public String scope() {
        return scope;
    }

    /** The message of a 422 for a value past this limit. */
    public String exceeded() {
        return switch (unit) {
            case ENTRIES -> "has too many entries: at most " + max + " allowed (cap " + name() + ")";
            case CODE_POINTS -> "should be at most " + max + " character(s) (cap " + name() + ")";
            case BYTES -> "is too large: at most " + max + " bytes allowed (cap " + name() + ")";
        };
    }

    /** Whether a string is within a code-point limit (null counts as within). */
    public boolean fits(String text) {
        return text == null || text.length() <= max || text.codePointCount(0, text.length()) <= max;
    }

    /** Whether a list size is within an entries limit. */
    public boolean fits(List<?> list) {
        return list == null || list.size() <= max;
    }

    /**
     * The UTF-16 units a database column needs to hold any string within this code-point limit: H2 counts
     * VARCHAR length in UTF-16 units, so a character outside the Basic Multilingual Plane takes two.
     */
    public int columnChars() {
        return 2 * max;
    }
}
