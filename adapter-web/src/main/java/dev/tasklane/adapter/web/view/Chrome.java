package dev.tasklane.adapter.web.view;

import java.util.List;

/**
 * What every page's frame shows: the title, who is signed in, the boards to switch between, the section that
 * is active, and the one-line notice left by the previous action.
 *
 * @param csrf the session's CSRF token, echoed by every form that changes something
 */
public record Chrome(String title, String userName, boolean admin, String csrf, Long boardId, String boardName,
                     List<Link> boards, String section, String notice) {
    public Chrome {
        boards = boards == null ? List.of() : List.copyOf(boards);
    }

    /** A page with no one signed in (the sign-in page, errors before sign-in). */
    public static Chrome anonymous(String title) {
        return new Chrome(title, null, false, "", null, null, List.of(), "", null);
    }

    public boolean signedIn() {
        return userName != null;
    }

    public boolean hasBoard() {
        return boardId != null;
    }

    public String boardHref() {
        return "/boards/" + boardId;
    }
}
