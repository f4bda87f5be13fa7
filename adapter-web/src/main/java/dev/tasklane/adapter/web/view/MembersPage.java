package dev.tasklane.adapter.web.view;

import java.util.List;

/** A board's name and members, managed by its owners and admins. */
public record MembersPage(Chrome chrome, long boardId, String boardName, List<MemberRow> members,
                          boolean canManage, List<Option> accessOptions) {
}
