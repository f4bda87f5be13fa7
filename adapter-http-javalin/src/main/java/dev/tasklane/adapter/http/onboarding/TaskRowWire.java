package dev.tasklane.adapter.http.onboarding;

import dev.tasklane.domain.task.BehaviourRow;
import dev.tasklane.domain.task.KeyFile;
import dev.tasklane.domain.task.VerificationStep;
import dev.tasklane.domain.validation.Limit;
import dev.tasklane.domain.validation.TaskFieldRules;

import java.util.Arrays;
import java.util.List;

/**
 * The wire facts of the rows a task embeds ({@link KeyFile}, {@link VerificationStep}, {@link BehaviourRow}), whose
 * schemas {@link CommandSchemas} generates (docs/api.md, "Task fields"): required fields, bounds from {@link Limit},
 * the relative-path pattern of key files, and the allowed values from {@link TaskFieldRules}.
 */
final class TaskRowWire {
    /** key_files paths: relative (no leading /), no .. anywhere, no NUL byte (the checks of key_files rows). */
    static final String RELATIVE_PATH_PATTERN = "^(?!/)(?!.*\\.\\.)[^\\u0000]+$";

    private TaskRowWire() {
    }

    static final List<WireField> FIELDS = List.of(
            WireField.of(KeyFile.class, "filePath").mandatory().minLength(1).cap(Limit.FILE_PATH)
                    .pattern(RELATIVE_PATH_PATTERN).describe("Relative to the project root; no leading /, no .."),
            WireField.of(KeyFile.class, "note").cap(Limit.ROW_TEXT),
            WireField.of(KeyFile.class, "position").mandatory().minimum(0),
            WireField.of(VerificationStep.class, "stepType").mandatory()
                    .values(Arrays.stream(VerificationStep.StepType.values()).map(VerificationStep.StepType::code)
                            .toList()),
            WireField.of(VerificationStep.class, "stepText").mandatory().minLength(1).cap(Limit.ROW_TEXT)
                    .describe("The command to run or the instruction to follow"),
            WireField.of(VerificationStep.class, "expectedResult").cap(Limit.ROW_TEXT),
            WireField.of(VerificationStep.class, "position").mandatory().minimum(0),
            WireField.of(BehaviourRow.class, "category").mandatory().values(TaskFieldRules.MATRIX_CATEGORIES),
            WireField.of(BehaviourRow.class, "behaviour").mandatory().minLength(1).cap(Limit.ROW_TEXT),
            WireField.of(BehaviourRow.class, "testName").cap(Limit.ROW_TEXT),
            WireField.of(BehaviourRow.class, "type").pattern(matrixTypePattern()),
            WireField.of(BehaviourRow.class, "status").values(TaskFieldRules.MATRIX_STATUSES),
            WireField.of(BehaviourRow.class, "naReason").cap(Limit.ROW_TEXT),
            WireField.of(BehaviourRow.class, "position").minimum(0));

    /** A matrix row's type: test types from {@link TaskFieldRules#MATRIX_TYPES} joined by '/'. */
    private static String matrixTypePattern() {
        String one = "(?:" + String.join("|", TaskFieldRules.MATRIX_TYPES) + ")";
        return "^\\s*" + one + "(?:\\s*/\\s*" + one + ")*\\s*$";
    }
}
