package dev.tasklane.application.usecase;

import static dev.tasklane.application.testing.Identifiers.tids;

import dev.tasklane.application.port.in.ArchiveUseCase.Deleted;
import dev.tasklane.application.port.in.ClaimTask;
import dev.tasklane.application.port.in.Created;
import dev.tasklane.application.port.in.EventStreamUseCase;
import dev.tasklane.application.port.in.TaskQuery;
import dev.tasklane.application.port.in.TaskView;
import dev.tasklane.application.testing.StoreSet;
import dev.tasklane.application.testing.TaskCommands;
import dev.tasklane.domain.agent.Actor;
import dev.tasklane.domain.archive.ArchiveRequest;
import dev.tasklane.domain.archive.ArchiveRules;
import dev.tasklane.domain.error.ConflictException;
import dev.tasklane.domain.error.ErrorDetails;
import dev.tasklane.domain.error.ForbiddenException;
import dev.tasklane.domain.error.InvalidInputException;
import dev.tasklane.domain.error.NotFoundException;
import dev.tasklane.domain.history.HistoryEntry;
import dev.tasklane.domain.history.HistoryKind;
import dev.tasklane.domain.task.ArchiveReason;
import dev.tasklane.domain.task.Status;
import dev.tasklane.domain.validation.CompletionMode;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static dev.tasklane.application.usecase.BoardFixture.goal;
import static dev.tasklane.application.usecase.BoardFixture.id;
import static dev.tasklane.application.usecase.BoardFixture.ref;
import static dev.tasklane.application.usecase.BoardFixture.task;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Archive, restore and delete through the use cases against a store adapter (docs/rules.md, "Archive, restore and
 * delete"): what leaves the board, what comes back, and what is refused.
 */
public abstract class ArchiveContract {
    protected abstract StoreSet newStores();

    protected BoardFixture board;
    private Actor owner;

    @BeforeEach
    void createBoard() {
        board = new BoardFixture(newStores(), CompletionMode.GRACE);
        owner = Actor.direct(board.admin.user(), board.admin.board(), dev.tasklane.domain.identity.Access.OWNER, null);
    }

    private static ArchiveRequest reason(String reason, String note) {
        return ArchiveRequest.of(reason, note, null);
    }

    private TaskView archive(String identifier, String reason, String note) {
        return board.app.archives().archive(board.alice, ref(identifier), reason(reason, note));
    }

    private List<String> listed(boolean archived) {
        return board.app.reads().list(board.admin, TaskQuery.all(board.boardId).withArchived(archived)).tasks()
                .stream().map(BoardFixture::id).toList();
    }

    private String next() {
        return board.app.next().next(board.alice).map(BoardFixture::id).orElse(null);
    }

    @Test
    void anArchivedTaskLeavesNextAndTheListUntilRestoredWhereItWas() {
        String first = id(board.create(board.admin, task("first", "priority", "high")));
        String second = id(board.create(board.admin, task("second")));
        assertEquals(first, next());
        TaskView archived = archive(first, "deferred", "next quarter");
        assertNotNull(archived.task().archive());
        assertEquals(ArchiveReason.DEFERRED, archived.task().archive().reason());
        assertEquals("next quarter", archived.task().archive().note());
        assertEquals(board.alice.userId(), archived.task().archive().archivedById());
        assertEquals(Status.OPEN, archived.task().status(), "it keeps its column");
        assertEquals(second, next());
        assertEquals(List.of(second), listed(false));
        assertEquals(List.of(first), listed(true));
        assertEquals(first, id(board.get(first)), "still readable by identifier");
        ConflictException claim = assertThrows(ConflictException.class,
                () -> board.claim(board.bob, first), "nor claimable by identifier");
        assertEquals(new ErrorDetails.CurrentStatus("archived"), claim.details());

        TaskView restored = board.app.archives().restore(board.alice, ref(first));
        assertNull(restored.task().archive());
        assertEquals(Status.OPEN, restored.task().status());
        assertEquals(archived.task().position(), restored.task().position());
        assertEquals(first, next(), "back at the head of the queue");
        assertEquals(List.of(), listed(true));
        List<HistoryKind> kinds = board.app.reads().history(board.admin, ref(first)).stream().map(HistoryEntry::kind).toList();
        assertEquals(List.of(HistoryKind.CREATED, HistoryKind.ARCHIVED, HistoryKind.RESTORED), kinds);
    }

    @Test
    void archivingAGoalArchivesItsChildrenAndRestoringItBringsBackThoseArchivedWithIt() {
        Created goal = board.createGoal(board.admin, goal("tidy", List.of(task("a"), task("b"), task("c"))));
        String g = id(goal.root());
        List<String> children = goal.children().stream().map(BoardFixture::id).toList();
        archive(children.get(2), "wont_do", "not needed");
        board.clock.advance(Duration.ofSeconds(1));
        archive(g, "cancelled", "dropped");
        assertEquals(List.of(), listed(false));
        assertEquals(Set.of(g, children.get(0), children.get(1), children.get(2)), Set.copyOf(listed(true)));
        assertNull(next());
        ConflictException child = assertThrows(ConflictException.class,
                () -> board.app.archives().restore(board.alice, ref(children.get(0))));
        assertEquals(ArchiveRules.GOAL_ARCHIVED, child.code());
        board.app.archives().restore(board.alice, ref(g));
        assertEquals(Set.of(g, children.get(0), children.get(1)), Set.copyOf(listed(false)));
        assertEquals(List.of(children.get(2)), listed(true), "archived on its own before, it stays archived");
    }

    @Test
    void anUnfinishedTaskThatUnfinishedTasksDependOnCannotBeArchived() {
        String base = id(board.create(board.admin, task("base")));
        String dependent = id(board.create(board.admin, task("dependent", "dependencies", List.of(base))));
        ConflictException refused = assertThrows(ConflictException.class, () -> archive(base, "cancelled", "no"));
        assertEquals(ArchiveRules.UNFINISHED_DEPENDENTS, refused.code());
        assertEquals(new ErrorDetails.Tasks(tids(dependent)), refused.details());
        assertEquals(List.of(), listed(true), "nothing was archived");
        archive(dependent, "cancelled", "no longer wanted");
        archive(base, "cancelled", "nothing needs it now");
        assertEquals(Set.of(base, dependent), Set.copyOf(listed(true)));
    }

    @Test
    void aDoneTaskCanBeArchivedWhateverDependsOnIt() {
        String done = id(board.create(board.admin, task("done")));
        board.claim(board.alice, done);
        board.complete(board.alice, done);
        board.create(board.admin, task("later", "dependencies", List.of(done)));
        assertEquals(ArchiveReason.COMPLETED, archive(done, "completed", null).task().archive().reason());
    }

    @Test
    void aTaskInDoingIsNotArchivedWhileAnAgentHoldsIt() {
        String held = id(board.create(board.admin, task("held")));
        board.claim(board.alice, held);
        ConflictException refused = assertThrows(ConflictException.class, () -> archive(held, "cancelled", "x"));
        assertEquals(ArchiveRules.IN_PROGRESS, refused.code());
    }

    @Test
    void aDuplicateNamesATaskOnTheBoard() {
        String original = id(board.create(board.admin, task("original")));
        String copy = id(board.create(board.admin, task("copy")));
        InvalidInputException unknown = assertThrows(InvalidInputException.class, () -> board.app.archives()
                .archive(board.alice, ref(copy), ArchiveRequest.of("duplicate", null, "W99")));
        assertEquals(new ErrorDetails.Field("duplicate_of"), unknown.details());
        TaskView archived = board.app.archives().archive(board.alice, ref(copy), ArchiveRequest.of("duplicate", null, original));
        assertEquals(original, archived.task().archive().duplicateOf());
    }

    @Test
    void anArchivedTaskRefusesTheWorkflowUntilRestored() {
        String w = id(board.create(board.admin, task("frozen")));
        archive(w, "deferred", "later");
        ConflictException edit = assertThrows(ConflictException.class, () -> board.app.update()
                .update(board.admin, ref(w), TaskCommands.edit(Map.of("title", "new"))));
        assertEquals(ArchiveRules.ARCHIVED, edit.code());
        assertEquals(ArchiveRules.ARCHIVED, assertThrows(ConflictException.class,
                () -> board.app.assignment().assign(board.admin, ref(w), null)).code());
        assertEquals(ArchiveRules.ALREADY_ARCHIVED, assertThrows(ConflictException.class,
                () -> archive(w, "deferred", "again")).code());
        board.app.archives().restore(board.alice, ref(w));
        assertEquals(ArchiveRules.NOT_ARCHIVED, assertThrows(ConflictException.class,
                () -> board.app.archives().restore(board.alice, ref(w))).code());
        assertEquals("new", board.app.update().update(board.admin, ref(w), TaskCommands.edit(Map.of("title", "new")))
                .task().spec().title());
    }

    @Test
    void readOnlyMembersCannotArchiveRestoreOrDelete() {
        String w = id(board.create(board.admin, task("guarded")));
        assertThrows(ForbiddenException.class,
                () -> board.app.archives().archive(board.reader, ref(w), reason("completed", null)));
        assertThrows(ForbiddenException.class, () -> board.app.archives().restore(board.reader, ref(w)));
        assertThrows(ForbiddenException.class, () -> board.app.archives().delete(board.reader, ref(w)));
        assertEquals(List.of(w), listed(false));
    }

    @Test
    void onlyABoardOwnerDeletesAndOnlyReadyOrArchivedTasksNothingDependsOn() {
        String ready = id(board.create(board.admin, task("ready")));
        String doing = id(board.create(board.admin, task("doing")));
        String base = id(board.create(board.admin, task("base")));
        String dependent = id(board.create(board.admin, task("dependent", "dependencies", List.of(base))));
        board.claim(board.alice, doing);
        ForbiddenException notOwner = assertThrows(ForbiddenException.class,
                () -> board.app.archives().delete(board.alice, ref(ready)));
        assertEquals(ArchiveRules.OWNER_REQUIRED, notOwner.code());
        ConflictException inDoing = assertThrows(ConflictException.class, () -> board.app.archives().delete(owner, ref(doing)));
        assertEquals(ArchiveRules.NOT_DELETABLE, inDoing.code());
        ConflictException depended = assertThrows(ConflictException.class, () -> board.app.archives().delete(owner, ref(base)));
        assertEquals(ArchiveRules.DEPENDENTS, depended.code());
        assertEquals(new ErrorDetails.Tasks(tids(dependent)), depended.details());

        assertEquals(new Deleted(List.of(ready)), board.app.archives().delete(owner, ref(ready)));
        assertThrows(NotFoundException.class, () -> board.get(ready));
        archive(dependent, "wont_do", "not needed");
        ConflictException archivedDependent = assertThrows(ConflictException.class,
                () -> board.app.archives().delete(owner, ref(base)), "an archived dependent counts too");
        assertEquals(ArchiveRules.DEPENDENTS, archivedDependent.code());
        board.app.archives().delete(owner, ref(dependent));
        board.app.archives().delete(owner, ref(base));
        assertEquals(List.of(doing), listed(false));
        assertEquals(List.of(), listed(true));
    }

    @Test
    void deletingAGoalDeletesItsChildrenUnderTheSameRule() {
        Created goal = board.createGoal(board.admin, goal("plan", List.of(task("a"), task("b"))));
        String g = id(goal.root());
        String a = id(goal.children().get(0));
        String b = id(goal.children().get(1));
        board.claim(board.alice, a);
        ConflictException held = assertThrows(ConflictException.class, () -> board.app.archives().delete(owner, ref(g)));
        assertEquals(new ErrorDetails.Tasks(tids(a)), held.details());
        assertEquals(3, listed(false).size(), "nothing was deleted");
        board.app.leases().unclaim(board.alice, ref(a), null);
        assertEquals(new Deleted(List.of(a, b, g)), board.app.archives().delete(owner, ref(g)));
        assertEquals(List.of(), listed(false));
        assertNull(next());
    }

    @Test
    void eachCallEmitsAnEvent() throws InterruptedException {
        String w = id(board.create(board.admin, task("evented")));
        archive(w, "deferred", "later");
        board.app.archives().restore(board.alice, ref(w));
        board.app.archives().delete(owner, ref(w));
        try (var replay = board.app.events().subscribe(board.boardId, 0L)) {
            List<String> types = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                types.add(((EventStreamUseCase.Event) replay.poll(Duration.ofSeconds(30))).event().type());
            }
            assertEquals(List.of("task.created", "task.archived", "task.restored", "task.deleted"), types);
        }
    }

    @Test
    void everythingInDoneOlderThanACutoffIsArchivedAsCompleted() {
        String old1 = id(board.create(board.admin, task("old one")));
        String old2 = id(board.create(board.admin, task("old two")));
        String open = id(board.create(board.admin, task("still open")));
        for (String w : List.of(old1, old2)) {
            board.claim(board.alice, w);
            board.complete(board.alice, w);
        }
        board.clock.advance(Duration.ofDays(10));
        String recent = id(board.create(board.admin, task("recent")));
        board.claim(board.alice, recent);
        board.complete(board.alice, recent);
        List<String> archived = board.app.archives().archiveDone(board.alice, board.clock.instant().minus(Duration.ofDays(5)));
        assertEquals(List.of(old1, old2), archived);
        assertEquals(Set.of(old1, old2), Set.copyOf(listed(true)));
        assertEquals(ArchiveReason.COMPLETED, board.get(old1).task().archive().reason());
        assertEquals(Set.of(open, recent), Set.copyOf(listed(false)));
        assertEquals(List.of(), board.app.archives().archiveDone(board.alice, board.clock.instant().minus(Duration.ofDays(5))));
        assertThrows(ForbiddenException.class, () -> board.app.archives().archiveDone(board.reader, board.clock.instant()));
    }

    @Test
    void aReasonThatNeedsANoteIsRefusedWithoutOne() {
        InvalidInputException missing = assertThrows(InvalidInputException.class, () -> reason("cancelled", " "));
        assertEquals(new ErrorDetails.Field("note"), missing.details());
        assertInstanceOf(InvalidInputException.class, assertThrows(InvalidInputException.class, () -> reason("lost", null)));
        assertFalse(ArchiveReason.COMPLETED.needsNote());
        assertTrue(ArchiveReason.WONT_DO.needsNote());
    }
}
