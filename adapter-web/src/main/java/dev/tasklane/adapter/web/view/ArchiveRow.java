package dev.tasklane.adapter.web.view;

/** One archived task on the archive page. */
public record ArchiveRow(String identifier, String title, String type, String reason, String note, String duplicateOf,
                         String assignee, String goal, String archivedAt, String href) {
}
