package dev.tasklane.adapter.http.wire;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.tasklane.domain.task.VerificationStep;

/** One entry of a task's {@code verification_steps}. */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record VerificationStepView(String stepType, String stepText, String expectedResult, int position) {
    static VerificationStepView of(VerificationStep step) {
        return new VerificationStepView(step.stepType().code(), step.stepText(), step.expectedResult(), step.position());
    }
}
