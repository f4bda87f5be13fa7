package dev.tasklane.adapter.web.view;

import java.util.List;

/**
 * A board's archive: its archived tasks, most recent first, with the filters (text, reason, assignee, archived between
 * two dates) and the restore and delete actions the reader may take.
 */
public record ArchivePage(Chrome chrome, List<ArchiveRow> rows, int total, String q, List<Option> reasons,
                          List<Option> assignees, String from, String to, boolean canWrite, boolean canDelete) {
    public ArchivePage {
        rows = List.copyOf(rows);
    }

    public String actionBase() {
        return chrome.boardHref() + "/tasks/";
    }
}
