package dev.tasklane.adapter.web.view;

import java.util.List;

/**
 * A task's comment thread on its page: the comments oldest first, the form to add one (members who can write), and
 * where the page's script fetches the thread again when a comment arrives ({@code fragmentHref}, {@code eventsHref}).
 */
public record CommentThread(String identifier, List<CommentRow> rows, boolean more, boolean canWrite, String actionBase,
                            String csrf, String fragmentHref, String eventsHref, int maxLength) {
    public CommentThread {
        rows = List.copyOf(rows);
    }
}
