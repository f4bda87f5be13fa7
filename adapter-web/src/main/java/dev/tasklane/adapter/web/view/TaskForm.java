package dev.tasklane.adapter.web.view;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What a person typed into a task or goal form (or, for an edit, the task's current values), exactly as typed, with
 * the errors the rules found, keyed by the field's wire name ({@code title}, {@code key_files.0.file_path},
 * {@code tasks.1.title}); {@code base} holds the errors that concern no one field. List fields hold one entry per line.
 */
public record TaskForm(
        String title, String type, String priority, String complexity, String description,
        String acceptanceCriteria, boolean needsReview, Set<String> capabilities, String dependencies,
        String assignee, String parent,
        String unitTests, String integrationTests, String manualTests, String edgeCases, String coverageTarget,
        String securityConsiderations, String pitfalls, String outOfScope, String technologyRequirements,
        String why, String what, String whereContext, String patternsToFollow, String estimatedFiles,
        List<KeyFileRow> keyFiles, List<StepRow> steps, List<ChildRow> children,
        Map<String, List<String>> errors) {

    public TaskForm {
        capabilities = Set.copyOf(capabilities);
        keyFiles = List.copyOf(keyFiles);
        steps = List.copyOf(steps);
        children = List.copyOf(children);
        errors = Map.copyOf(errors);
    }

    /** One key file row. */
    public record KeyFileRow(String path, String note) {
    }

    /** One verification step row; {@code type} is command or manual. */
    public record StepRow(String type, String text, String expected) {
    }

    /** One of a new goal's tasks. */
    public record ChildRow(String title, String type, String priority, String description, String acceptanceCriteria,
                           String dependencies) {
    }

    /** This form with other errors. */
    public TaskForm withErrors(Map<String, List<String>> newErrors) {
        return new TaskForm(title, type, priority, complexity, description, acceptanceCriteria, needsReview,
                capabilities, dependencies, assignee, parent, unitTests, integrationTests, manualTests, edgeCases,
                coverageTarget, securityConsiderations, pitfalls, outOfScope, technologyRequirements, why, what,
                whereContext, patternsToFollow, estimatedFiles, keyFiles, steps, children, newErrors);
    }

    /** This form with other rows. */
    public TaskForm withRows(List<KeyFileRow> files, List<StepRow> stepRows, List<ChildRow> childRows) {
        return new TaskForm(title, type, priority, complexity, description, acceptanceCriteria, needsReview,
                capabilities, dependencies, assignee, parent, unitTests, integrationTests, manualTests, edgeCases,
                coverageTarget, securityConsiderations, pitfalls, outOfScope, technologyRequirements, why, what,
                whereContext, patternsToFollow, estimatedFiles, files, stepRows, childRows, errors);
    }

    /** The errors of one field, joined; "" when it has none. */
    public String err(String field) {
        List<String> messages = errors.get(field);
        return messages == null ? "" : String.join("; ", messages);
    }

    public boolean hasErrors() {
        return !errors.isEmpty();
    }

    public boolean hasCapability(String wire) {
        return capabilities.contains(wire);
    }
}
