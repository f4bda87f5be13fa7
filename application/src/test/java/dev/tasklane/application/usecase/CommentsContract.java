package dev.tasklane.application.usecase;

import dev.tasklane.application.port.in.CommentsUseCase.CommentPage;
import dev.tasklane.application.port.in.CommentsUseCase.PostedComment;
import dev.tasklane.application.port.in.EventStreamUseCase;
import dev.tasklane.application.port.in.ReviewDecision;
import dev.tasklane.application.testing.StoreSet;
import dev.tasklane.domain.agent.Actor;
import dev.tasklane.domain.comment.CommentRules;
import dev.tasklane.domain.error.ErrorDetails;
import dev.tasklane.domain.error.ForbiddenException;
import dev.tasklane.domain.error.InvalidInputException;
import dev.tasklane.domain.error.NotFoundException;
import dev.tasklane.domain.validation.CompletionMode;
import dev.tasklane.domain.validation.Limit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Set;

import static dev.tasklane.application.usecase.BoardFixture.id;
import static dev.tasklane.application.usecase.BoardFixture.ref;
import static dev.tasklane.application.usecase.BoardFixture.task;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** Comments on tasks through the use cases against a store adapter (docs/rules.md, "Comments"). */
public abstract class CommentsContract {
    protected abstract StoreSet newStores();

    protected BoardFixture board;
    private Actor owner;
    private String task;

    @BeforeEach
    void createBoard() {
        board = new BoardFixture(newStores(), CompletionMode.GRACE);
        owner = Actor.direct(board.admin.user(), board.admin.board(), dev.tasklane.domain.identity.Access.OWNER, null);
        task = id(board.create(board.admin, task("discussed", "needs_review", true)));
    }

    private PostedComment post(Actor actor, String body, String agent) {
        return board.app.comments().post(actor, ref(task), body, agent);
    }

    private List<String> bodies(Actor actor) {
        return board.app.comments().list(actor, ref(task), 0, CommentRules.MAX_PAGE).comments().stream()
                .map(posted -> posted.comment().body()).toList();
    }

    @Test
    void commentsAreListedOldestFirstInPagesWithTheirAuthors() {
        PostedComment first = post(board.alice, "First, with\na line break", null);
        post(board.bob, "Second", "claude-1");
        post(board.alice, "Third", null);
        assertEquals("alice", first.authorUsername());
        assertEquals(board.alice.userId(), first.comment().authorId());
        assertEquals(List.of("First, with\na line break", "Second", "Third"), bodies(board.reader));

        CommentPage page = board.app.comments().list(board.reader, ref(task), 0, 2);
        assertEquals(2, page.comments().size());
        assertEquals("claude-1", page.comments().get(1).comment().agentName());
        assertEquals("bob", page.comments().get(1).authorUsername());
        CommentPage rest = board.app.comments().list(board.reader, ref(task), page.nextAfter(), 2);
        assertEquals(List.of("Third"), rest.comments().stream().map(p -> p.comment().body()).toList());
        assertNull(rest.nextAfter());
        assertThrows(InvalidInputException.class, () -> board.app.comments().list(board.reader, ref(task), 0, 0));
        assertThrows(NotFoundException.class, () -> board.app.comments().list(board.reader, ref("W99"), 0, 10));
    }

    @Test
    void anEmptyOrOversizedBodyIsRefusedAndNothingIsStored() {
        for (String body : new String[] {null, "", " \n "}) {
            InvalidInputException refused = assertThrows(InvalidInputException.class, () -> post(board.alice, body, null));
            assertEquals(new ErrorDetails.Field("body"), refused.details());
        }
        String longest = "x".repeat(Limit.COMMENT_BODY.max());
        post(board.alice, longest, null);
        assertThrows(InvalidInputException.class, () -> post(board.alice, longest + "x", null));
        assertEquals(List.of(longest), bodies(board.alice));
    }

    @Test
    void readOnlyMembersReadButDoNotWriteAndOnlyAuthorsOrOwnersDelete() {
        long mine = post(board.alice, "Mine", null).comment().commentId();
        long bobs = post(board.bob, "Bob's", null).comment().commentId();
        assertThrows(ForbiddenException.class, () -> post(board.reader, "Reader", null));
        assertThrows(ForbiddenException.class, () -> board.app.comments().delete(board.reader, ref(task), mine));
        ForbiddenException notMine = assertThrows(ForbiddenException.class,
                () -> board.app.comments().delete(board.alice, ref(task), bobs));
        assertEquals(CommentRules.NOT_AUTHOR, notMine.code());
        board.app.comments().delete(board.alice, ref(task), mine);
        String other = id(board.create(board.admin, task("other")));
        assertThrows(NotFoundException.class, () -> board.app.comments().delete(owner, ref(other), bobs),
                "a comment is deleted through its own task");
        board.app.comments().delete(owner, ref(task), bobs);
        assertEquals(List.of(), bodies(board.reader));
        assertThrows(NotFoundException.class, () -> board.app.comments().delete(owner, ref(task), bobs));
    }

    @Test
    void aNewCommentIsATaskCommentedEvent() throws InterruptedException {
        try (var subscription = board.app.events().subscribe(board.boardId, null)) {
            post(board.alice, "Heard?", "agent-7");
            var event = ((EventStreamUseCase.Event) subscription.poll(Duration.ofSeconds(30))).event();
            assertEquals("task.commented", event.type());
            assertEquals(task, event.identifier());
            assertEquals("agent-7", event.agentName());
        }
    }

    @Test
    void theNotesOfRequestChangesAndRejectJoinTheThreadAsTheReviewersComments() {
        board.claim(board.alice, task);
        board.complete(board.alice, task);
        board.app.reviews().review(board.reviewer, ref(task),
                ReviewDecision.fromCode("changes_requested", "Please cover the empty list"));
        List<PostedComment> thread = board.app.comments().list(board.alice, ref(task), 0, 10).comments();
        assertEquals(1, thread.size());
        assertEquals("Please cover the empty list", thread.get(0).comment().body());
        assertEquals(board.reviewer.userId(), thread.get(0).comment().authorId());
        assertEquals("rita", thread.get(0).authorUsername());
    }

    @Test
    void deletingATaskDeletesItsComments() {
        String doomed = id(board.create(board.admin, task("doomed")));
        long comment = board.app.comments().post(board.alice, ref(doomed), "bye", null).comment().commentId();
        board.app.archives().delete(owner, ref(doomed));
        assertEquals(java.util.Optional.empty(), board.stores.tx(() -> board.stores.tasks().comment(board.boardId, comment)));
    }
}
