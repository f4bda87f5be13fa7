package dev.tasklane.adapter.web;

import dev.tasklane.adapter.web.view.AdminPage;
import dev.tasklane.adapter.web.view.BoardRow;
import dev.tasklane.adapter.web.view.MemberRow;
import dev.tasklane.adapter.web.view.MembersPage;
import dev.tasklane.adapter.web.view.Option;
import dev.tasklane.adapter.web.view.UserRow;
import dev.tasklane.application.port.in.UserAdminUseCase;
import dev.tasklane.application.port.in.BoardsUseCase;
import dev.tasklane.application.port.in.MembersUseCase;
import dev.tasklane.domain.agent.Actor;
import dev.tasklane.domain.error.ErrorDetails;
import dev.tasklane.domain.error.InvalidInputException;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.identity.Access;
import dev.tasklane.domain.identity.Board;
import dev.tasklane.domain.identity.Role;
import dev.tasklane.domain.identity.User;
import io.javalin.http.Context;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/** Users and boards (admins), a board's name and members (its owners and admins). */
final class AdminPages {
    private final Web web;
    private final UserAdminUseCase userAdmin;
    private final BoardsUseCase boardAdmin;
    private final MembersUseCase memberAdmin;

    AdminPages(Web web, UserAdminUseCase userAdmin, BoardsUseCase boardAdmin, MembersUseCase memberAdmin) {
        this.web = web;
        this.userAdmin = userAdmin;
        this.boardAdmin = boardAdmin;
        this.memberAdmin = memberAdmin;
    }

    void page(Context ctx) {
        Actor person = web.person(ctx);
        List<UserRow> users = userAdmin.users(person).stream()
                .map(u -> new UserRow(u.id().value(), u.username(), u.displayName(), u.role().code(), !u.active(),
                        u.id().equals(person.user().id())))
                .toList();
        List<BoardRow> boards = boardAdmin.allBoards(person).stream()
                .map(b -> new BoardRow(b.id().value(), b.name())).toList();
        web.render(ctx, "admin.jte", new AdminPage(web.chrome(ctx, person, "Administration", null, "admin"), users, boards));
    }

    void createUser(Context ctx) {
        Actor person = web.personForChange(ctx);
        String role = Web.required(ctx, "role", "A role");
        if (!role.equals("admin") && !role.equals("member")) {
            throw new InvalidInputException("invalid_param", "The role must be admin or member", new ErrorDetails.Field("role"));
        }
        User created = userAdmin.createUser(person, Web.required(ctx, "username", "A username"),
                Web.optional(ctx, "display_name"), ctx.formParam("password"), Role.valueOf(role.toUpperCase(Locale.ROOT)));
        web.done(ctx, "/admin", "User " + created.username() + " is created.");
    }

    void resetPassword(Context ctx) {
        Actor person = web.personForChange(ctx);
        User user = userAdmin.resetPassword(person, Web.userId(ctx), ctx.formParam("password"));
        web.done(ctx, "/admin", "The password of " + user.username() + " is reset; their sessions are signed out.");
    }

    void disable(Context ctx) {
        Actor person = web.personForChange(ctx);
        User user = userAdmin.setDisabled(person, Web.userId(ctx), true);
        web.done(ctx, "/admin", user.username() + " is disabled: signed out, and their tokens stop working.");
    }

    void enable(Context ctx) {
        Actor person = web.personForChange(ctx);
        User user = userAdmin.setDisabled(person, Web.userId(ctx), false);
        web.done(ctx, "/admin", user.username() + " is enabled again.");
    }

    void createBoard(Context ctx) {
        Actor person = web.personForChange(ctx);
        Board board = boardAdmin.createBoard(person, Web.required(ctx, "name", "A board name"));
        web.done(ctx, "/boards/" + board.id() + "/members", "Board " + board.name() + " is created; you own it.");
    }

    void renameBoard(Context ctx) {
        Actor person = web.personForChange(ctx);
        Board board = boardAdmin.renameBoard(person, Web.boardId(ctx), Web.required(ctx, "name", "A board name"));
        web.done(ctx, "/boards/" + board.id() + "/members", "The board is now called " + board.name() + ".");
    }

    void members(Context ctx) {
        Actor person = web.person(ctx);
        BoardId boardId = Web.boardId(ctx);
        List<MembersUseCase.Member> members = memberAdmin.members(person, boardId);
        Board board = boardAdmin.board(person, boardId);
        boolean manage = person.admin() || members.stream()
                .anyMatch(m -> m.user().id().equals(person.user().id()) && m.access() == Access.OWNER);
        List<MemberRow> rows = members.stream().map(m -> new MemberRow(m.user().id().value(), m.user().username(),
                m.user().displayName(), m.access().code())).toList();
        List<Option> access = Arrays.stream(Access.values()).map(a -> new Option(a.code(), Format.label(a.code()),
                a == Access.MODIFY)).toList();
        web.render(ctx, "members.jte", new MembersPage(web.chrome(ctx, person, "Members · " + board.name(),
                isMember(members, person) ? board : null, "members"), board.id().value(), board.name(), rows, manage, access));
    }

    private static boolean isMember(List<MembersUseCase.Member> members, Actor person) {
        return members.stream().anyMatch(m -> m.user().id().equals(person.user().id()));
    }

    void putMember(Context ctx) {
        Actor person = web.personForChange(ctx);
        BoardId boardId = Web.boardId(ctx);
        String access = Web.required(ctx, "access", "An access");
        Access level = Arrays.stream(Access.values()).filter(a -> a.code().equals(access)).findFirst()
                .orElseThrow(() -> new InvalidInputException("invalid_param", "Access must be owner, modify or read_only",
                        new ErrorDetails.Field("access")));
        MembersUseCase.Member member = memberAdmin.putMember(person, boardId,
                Web.required(ctx, "username", "A username"), level);
        web.done(ctx, "/boards/" + boardId + "/members", member.user().username() + " now has " + Format.label(level.code())
                .toLowerCase(Locale.ROOT) + " access.");
    }

    void removeMember(Context ctx) {
        Actor person = web.personForChange(ctx);
        BoardId boardId = Web.boardId(ctx);
        memberAdmin.removeMember(person, boardId, Web.userId(ctx));
        web.done(ctx, "/boards/" + boardId + "/members", "The member is removed and their tokens for this board revoked.");
    }
}
