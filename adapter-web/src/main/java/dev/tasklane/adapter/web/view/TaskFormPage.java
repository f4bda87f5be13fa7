package dev.tasklane.adapter.web.view;

import java.util.List;

/**
 * The New task, New goal and Edit forms. {@code mode} is {@code task}, {@code goal} or {@code edit}; an edit carries
 * the version the task was read at, what the form may not change ({@code readOnly}), a warning when an agent holds
 * the task, and after a refused save the version stored now ({@code current}) beside the person's text.
 */
public record TaskFormPage(Chrome chrome, String mode, String heading, String action, String cancelHref,
                           TaskForm form, List<Option> types, List<Option> priorities, List<Option> complexities,
                           List<Option> capabilities, List<Option> assignees, List<Option> goals, long version,
                           List<Field> readOnly, String holdWarning, List<Field> current, List<String> errorSummary,
                           int maxRows, int maxChildren) {
    public TaskFormPage {
        readOnly = List.copyOf(readOnly);
        current = List.copyOf(current);
        errorSummary = List.copyOf(errorSummary);
    }

    public boolean goal() {
        return "goal".equals(mode);
    }

    public boolean edit() {
        return "edit".equals(mode);
    }

    /** The selected value of a select box among {@code options}. */
    public static boolean is(String value, String option) {
        return value != null && value.equals(option);
    }
}
