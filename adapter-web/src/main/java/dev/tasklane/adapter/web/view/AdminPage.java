package dev.tasklane.adapter.web.view;

import java.util.List;

/** Users and boards, for an admin. */
public record AdminPage(Chrome chrome, List<UserRow> users, List<BoardRow> boards) {
}
