package dev.tasklane.adapter.web.view;

import java.util.List;

/**
 * The workspace pages (docs/web.md, "Workspace"): the agents, review queue, questions queue and metrics of every
 * board the person belongs to, or of the boards named in the URL ({@code ?board=1,2}).
 *
 * @param boards  the person's boards, those shown selected
 * @param section "agents", "review", "questions" or "metrics", for the sub-navigation
 */
public record WorkspaceViews(Chrome chrome, List<Option> boards, String section, String query) {
    public WorkspaceViews {
        boards = List.copyOf(boards);
    }

    /** A workspace link keeping the board filter. */
    public String href(String to) {
        return "/workspace/" + to + (query.isEmpty() ? "" : "?" + query);
    }

    /** A task waiting in Review on one of the boards. */
    public record ReviewItem(String board, ReviewRow row) {
    }

    /** The review queue across boards, oldest first. */
    public record ReviewPage(WorkspaceViews frame, List<ReviewItem> rows) {
    }

    /** The working agents across boards. */
    public record AgentsPage(WorkspaceViews frame, SessionViews.Working working) {
    }

    /** One board's key figures over the window, linking to its metrics page. */
    public record BoardFigures(String board, String href, long throughput, String cycleP50, String leadP50,
                               String reviewWaitP50, String awaitingInputP50) {
    }

    /** The metrics across boards, one row per board. */
    public record MetricsPage(WorkspaceViews frame, String window, List<Option> windows, List<BoardFigures> rows) {
    }
}
