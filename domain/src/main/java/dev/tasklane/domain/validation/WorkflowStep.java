package dev.tasklane.domain.validation;

import java.util.Map;

/**
 * One validated {@code workflow_steps} entry (docs/rules.md, "Completion results"). {@code raw} is the
 * entry as sent, extra keys included, for verbatim storage.
 */
public record WorkflowStep(String name, boolean dispatched, Long durationMs, String reason, String reasonCode,
        Map<String, Object> raw) {
}
