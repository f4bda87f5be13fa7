package dev.tasklane.domain.validation;

import dev.tasklane.domain.task.AgentReport;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * A completion report that passed {@link CompletionRules} (docs/rules.md, "Completion results"), plus the warnings
 * grace mode let through.
 */
public record CheckedCompletion(AgentReport report, List<String> warnings) {

    public CheckedCompletion {
        Objects.requireNonNull(report, "report");
        warnings = List.copyOf(warnings);
    }

    /** The comma-separated actual_files_changed as trimmed, non-empty paths. */
    public List<String> filesChanged() {
        return Arrays.stream(report.actualFilesChanged().split(",")).map(String::strip).filter(s -> !s.isEmpty())
                .toList();
    }
}
