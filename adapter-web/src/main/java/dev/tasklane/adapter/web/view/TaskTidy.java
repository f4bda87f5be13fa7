package dev.tasklane.adapter.web.view;

import java.util.List;

/**
 * The task page's archive panel: whether the task is archived (and why), the reasons to choose from, and whether the
 * reader may archive, restore or delete it.
 */
public record TaskTidy(boolean archived, String reason, String note, String archivedAt, String duplicateOf,
                       List<Option> reasons, boolean canWrite, boolean canDelete) {
    public TaskTidy {
        reasons = List.copyOf(reasons);
    }
}
