package dev.tasklane.application.service;

import dev.tasklane.domain.error.ErrorDetails;
import dev.tasklane.domain.error.InvalidInputException;
import dev.tasklane.domain.flow.FlowWindow;
import dev.tasklane.domain.task.TaskIdentifier;
import dev.tasklane.domain.targets.Target;
import dev.tasklane.domain.task.TaskType;

import java.time.LocalDate;
import java.time.ZoneId;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;

/**
 * The rules of a target's fields as a caller sends them (docs/rules.md, "Targets"), each refusal a 422 naming the field and what is
 * accepted: a name of 1 to {@value #MAX_NAME} characters, an ISO due date, a time zone, goals that are goal
 * identifiers and tasks that are work or defect identifiers, at most {@value #MAX_GOALS} and {@value #MAX_TASKS}.
 */
final class TargetFields {
    static final int MAX_NAME = Target.MAX_NAME;
    static final int MAX_GOALS = Target.MAX_GOALS;
    static final int MAX_TASKS = Target.MAX_TASKS;
    static final String INVALID = "invalid_target";

    private TargetFields() {
    }

    static String name(String name) {
        if (name == null || name.isBlank()) {
            throw invalid("name", "is required: a short name like \"Launch\"");
        }
        String trimmed = name.strip();
        if (trimmed.length() > MAX_NAME) {
            throw invalid("name", "is longer than " + MAX_NAME + " characters");
        }
        return trimmed;
    }

    static LocalDate dueDate(String dueDate) {
        if (dueDate == null || dueDate.isBlank()) {
            throw invalid("due_date", "is required: an ISO date like 2026-12-24");
        }
        if (dueDate.length() > 10) {
            throw invalid("due_date", "must be an ISO date like 2026-12-24");
        }
        try {
            return LocalDate.parse(dueDate.strip());
        } catch (DateTimeParseException malformed) {
            throw invalid("due_date", "must be an ISO date like 2026-12-24");
        }
    }

    /** An IANA zone or offset; UTC when blank (refused as the metrics' {@code tz} is). */
    static ZoneId zone(String zone) {
        try {
            return FlowWindow.zone(zone);
        } catch (InvalidInputException refused) {
            throw invalid("zone", refused.getMessage().replaceFirst("^tz ", ""));
        }
    }

    static List<TaskIdentifier> goals(List<String> goals) {
        return identifiers("goals", goals, MAX_GOALS, true);
    }

    static List<TaskIdentifier> tasks(List<String> tasks) {
        return identifiers("tasks", tasks, MAX_TASKS, false);
    }

    /** {@code current} plus {@code added} (in order, once each) less {@code removed}, capped as the field is. */
    static List<TaskIdentifier> edit(String field, List<TaskIdentifier> current, List<TaskIdentifier> added,
                                            List<TaskIdentifier> removed) {
        LinkedHashSet<TaskIdentifier> result = new LinkedHashSet<>(current);
        result.addAll(added);
        removed.forEach(result::remove);
        int max = field.equals("goals") ? MAX_GOALS : MAX_TASKS;
        if (result.size() > max) {
            throw invalid(field, "would hold " + result.size() + " identifiers; at most " + max);
        }
        return List.copyOf(result);
    }

    private static List<TaskIdentifier> identifiers(String field, List<String> values, int max, boolean goals) {
        if (values == null) {
            return List.of();
        }
        if (values.size() > max) {
            throw invalid(field, "holds " + values.size() + " identifiers; at most " + max);
        }
        LinkedHashSet<TaskIdentifier> result = new LinkedHashSet<>();
        List<String> wrong = new ArrayList<>();
        for (String value : values) {
            TaskIdentifier identifier = value == null ? null : TaskIdentifier.parse(value.strip()).orElse(null);
            if (identifier == null || (identifier.type() == TaskType.GOAL) != goals) {
                wrong.add(String.valueOf(value));
            } else {
                result.add(identifier);
            }
        }
        if (!wrong.isEmpty()) {
            throw invalid(field, "must hold " + (goals ? "goal identifiers like G1" : "work or defect identifiers like W3 or D2")
                    + "; not " + String.join(", ", wrong.subList(0, Math.min(5, wrong.size()))));
        }
        return List.copyOf(result);
    }

    static InvalidInputException invalid(String field, String message) {
        return new InvalidInputException(INVALID, field + " " + message, new ErrorDetails.Field(field));
    }
}
