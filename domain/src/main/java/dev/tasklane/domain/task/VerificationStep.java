package dev.tasklane.domain.task;

/** How to check the work: a command to run or a manual instruction. */
public record VerificationStep(StepType stepType, String stepText, String expectedResult, int position) {
    public enum StepType {
        COMMAND,
        MANUAL;

        public String code() {
            return Codes.of(this);
        }
    }

    public VerificationStep {
        if (stepType == null || stepText == null) {
            throw new IllegalArgumentException("step_type and step_text are required");
        }
        if (position < 0) {
            throw new IllegalArgumentException("position must be >= 0");
        }
    }
}
