package dev.tasklane.application.service;

import dev.tasklane.domain.agent.Actor;
import dev.tasklane.domain.agent.BoardAccess;
import dev.tasklane.domain.identity.IdentityPolicy.Verdict;
import dev.tasklane.application.port.in.BoardSettingsUseCase;
import dev.tasklane.application.port.in.TaskQuery;
import dev.tasklane.application.port.out.BoardStore;
import dev.tasklane.application.port.out.MembershipStore;
import dev.tasklane.application.port.out.TaskReads;
import dev.tasklane.application.port.out.WipLimitStore;
import dev.tasklane.application.port.out.Transactions;
import dev.tasklane.domain.error.ForbiddenException;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.identity.Access;
import dev.tasklane.domain.identity.Board;
import dev.tasklane.domain.identity.Membership;
import dev.tasklane.domain.task.Status;
import dev.tasklane.domain.task.TaskType;
import dev.tasklane.domain.wip.WipLimits;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Reading and changing a board's name and WIP limits, one transaction each. */
final class BoardSettingsService implements BoardSettingsUseCase {
    private final Transactions transactions;
    private final BoardStore directory;
    private final MembershipStore members;
    private final TaskReads tasks;
    private final WipLimitStore wipLimits;
    private final AuditTrail audit;

    BoardSettingsService(Transactions transactions, BoardStore directory, MembershipStore members, TaskReads tasks,
                         WipLimitStore wipLimits, AuditTrail audit) {
        this.audit = audit;
        this.transactions = transactions;
        this.directory = directory;
        this.members = members;
        this.tasks = tasks;
        this.wipLimits = wipLimits;
    }

    @Override
    public BoardSettings settings(Actor actor, BoardId boardId) {
        return transactions.inTransaction(() -> {
            Board board = directory.boardById(boardId).orElseThrow(IdentityRules::boardNotFound);
            IdentityRules.require(BoardAccess.see(actor, boardId, accessOf(actor, boardId)), null);
            return read(board);
        });
    }

    @Override
    public BoardSettings configure(Actor actor, BoardId boardId, BoardChange change) {
        String newName = change.name().isSent() ? IdentityRules.name("name", change.name().orElse(null)) : null;
        return transactions.inTransaction(() -> {
            Board board = directory.boardById(boardId).orElseThrow(IdentityRules::boardNotFound);
            Verdict verdict = BoardAccess.administer(actor, boardId, accessOf(actor, boardId));
            if (verdict == Verdict.NOT_OWNER) {
                throw new ForbiddenException("not_board_owner", "Only the board's owners or an admin can change its settings");
            }
            IdentityRules.require(verdict, null);
            if (newName != null && !newName.equals(board.name())) {
                directory.boardByName(newName).filter(other -> !other.id().equals(boardId)).ifPresent(other -> {
                    throw IdentityRules.invalid("name", "a board named " + newName + " already exists");
                });
                board = directory.renameBoard(boardId, newName);
            }
            List<String> changed = new ArrayList<>();
            if (newName != null) {
                changed.add("name: " + newName);
            }
            if (change.wipLimits().isSent()) {
                WipLimits limits = change.wipLimits().orElse(WipLimits.NONE);
                wipLimits.putWipLimits(boardId, limits == null ? WipLimits.NONE : limits);
                Integer doing = limits == null ? null : limits.doing();
                changed.add("wip_limits.doing: " + (doing == null ? "none" : doing));
            }
            if (!changed.isEmpty()) {
                String detail = String.join(", ", changed);
                audit.boardSettingsChanged(actor, boardId, detail);
            }
            return read(board);
        });
    }

    private Optional<Access> accessOf(Actor actor, BoardId boardId) {
        return members.membership(boardId, actor.userId()).map(Membership::access);
    }

    private BoardSettings read(Board board) {
        TaskQuery inDoing = new TaskQuery(board.id(), Status.IN_PROGRESS, null, null, null, false, null, null, null,
                TaskQuery.Sort.IDENTIFIER, false, TaskQuery.MAX_LIMIT, null);
        List<String> doing = tasks.list(inDoing).tasks().stream()
                .filter(task -> task.type() != TaskType.GOAL)
                .map(task -> task.identifier().toString()).toList();
        return new BoardSettings(board, wipLimits.wipLimits(board.id()), doing);
    }
}
