package dev.tasklane.application.port.in;

import dev.tasklane.domain.validation.CompletionMode;
import dev.tasklane.domain.workflow.WorkflowLimits;

import java.util.Objects;

/**
 * The rules this core was configured with and that an edge publishes to agents: the limits (claim lease, hook
 * timeouts) and the completion validation mode. The HTTP adapter's onboarding document reads them from here, so
 * that what it tells agents is what the use cases enforce (docs/api.md, "Onboarding").
 */
public record WorkflowSettings(WorkflowLimits limits, CompletionMode completionMode) {
    public WorkflowSettings {
        Objects.requireNonNull(limits, "limits");
        Objects.requireNonNull(completionMode, "completion mode");
    }
}
