package dev.tasklane.adapter.web.view;

import java.util.List;

/**
 * A board's archive: its archived tasks, most recent first, with the filters (text, reason, assignee, archived between
 * two dates) and the restore and delete actions the reader may take.
 */
public record ArchivePage(Chrome chrome, List<ArchiveRow> rows, int total, String q, List<Option> reasons,
                          List<Option> assignees, String from, String to, boolean canWrite, boolean canDelete,
                          String query) {
    public ArchivePage {
        rows = List.copyOf(rows);
    }

    /** The CSV export of what the page shows (its filters). */
    public String csvHref() {
        return chrome.boardHref() + "/archive.csv" + (query.isEmpty() ? "" : "?" + query);
    }

    public String actionBase() {
        return chrome.boardHref() + "/tasks/";
    }
}
