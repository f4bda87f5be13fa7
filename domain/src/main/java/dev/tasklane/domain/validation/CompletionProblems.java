package dev.tasklane.domain.validation;

import java.util.List;

/**
 * What the edge could not type when it read a completion body, each problem labelled with the layer of
 * docs/rules.md ("Completion: which error comes first") it belongs to. The reader refuses nothing on its own;
 * {@link CompletionRules} merges these with its rules over the typed values, in that order. A completion built
 * from typed values, as an embedder builds it, has {@link #NONE}.
 *
 * @param fields        the changeset layer: a completion field whose value was not of its type, each error named
 *                      as the {@code PartNames} given to {@link CompletionRules#check} spell the field's
 *                      {@code InputPart} (the summary, complexity, files changed, minutes, notes, review report)
 * @param explorer      the explorer_result's problems
 * @param reviewer      the reviewer_result's problems
 * @param workflowSteps the changeset layer: the workflow_steps problems, distinct, in entry order
 */
public record CompletionProblems(List<FieldError> fields, ResultProblems explorer, ResultProblems reviewer,
        List<FieldError> workflowSteps) {
    public static final CompletionProblems NONE = new CompletionProblems(List.of(), ResultProblems.NONE,
            ResultProblems.NONE, List.of());

    public CompletionProblems {
        fields = List.copyOf(fields);
        explorer = explorer == null ? ResultProblems.NONE : explorer;
        reviewer = reviewer == null ? ResultProblems.NONE : reviewer;
        workflowSteps = List.copyOf(workflowSteps);
    }

    /** The edge's problem with a completion field's type, the field named as the caller names it; null when none. */
    public FieldError field(String name) {
        return named(fields, name);
    }

    /**
     * The problems of one result.
     *
     * @param notAnObject   the value sent is not an object (the result is then null); reported wherever the
     *                      result's shape is
     * @param untyped       an object whose envelope makes neither a dispatched nor a skipped result (the result is
     *                      then null), for the rules to say what is wrong with it; null otherwise
     * @param structure     a dispatched review's structured fields that are not of their shape, in the order
     *                      docs/rules.md reads them (grace-gated with the task consistency; always in the changeset)
     * @param projectChecks a dispatched review's project_checks that is not a list (the always-reject contract)
     * @param failedNotes   a failed section's note that is missing or not a string (the always-reject
     *                      contract), each error named by its section; a note that is a string is judged by the rules
     */
    public record ResultProblems(FieldError notAnObject, SentResult untyped, List<FieldError> structure,
            FieldError projectChecks, List<FieldError> failedNotes) {
        public static final ResultProblems NONE = new ResultProblems(null, null, List.of(), null, List.of());

        public ResultProblems {
            structure = List.copyOf(structure);
            failedNotes = List.copyOf(failedNotes);
        }

        /** The edge's problem with a failed section's note; null when there is none. */
        public FieldError failedNote(String section) {
            return named(failedNotes, section);
        }
    }

    /** The first error of {@code errors} about {@code field}; null when there is none. A loop: read on every completion. */
    private static FieldError named(List<FieldError> errors, String field) {
        for (FieldError error : errors) {
            if (error.field().equals(field)) {
                return error;
            }
        }
        return null;
    }
}
