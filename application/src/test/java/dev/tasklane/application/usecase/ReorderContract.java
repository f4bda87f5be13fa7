package dev.tasklane.application.usecase;

import dev.tasklane.application.port.in.ReorderUseCase.Placement;
import dev.tasklane.application.testing.StoreSet;
import dev.tasklane.domain.error.ErrorDetails;
import dev.tasklane.domain.error.ForbiddenException;
import dev.tasklane.domain.error.InvalidInputException;
import dev.tasklane.domain.ordering.QueueOrder;
import dev.tasklane.domain.validation.CompletionMode;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static dev.tasklane.application.usecase.BoardFixture.id;
import static dev.tasklane.application.usecase.BoardFixture.ref;
import static dev.tasklane.application.usecase.BoardFixture.task;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** Ordering the Ready column through the use cases against a store adapter: next follows the new order. */
public abstract class ReorderContract {
    protected abstract StoreSet newStores();

    protected BoardFixture board;

    @BeforeEach
    void createBoard() {
        board = new BoardFixture(newStores(), CompletionMode.GRACE);
    }

    /** The Ready column in the order next hands it out (priority, then position). */
    private List<String> queue() {
        List<String> order = new ArrayList<>();
        var page = board.app.reads().list(board.admin, dev.tasklane.application.port.in.TaskQuery.all(board.boardId)).tasks();
        page.stream().map(view -> view.task())
                .filter(task -> task.status() == dev.tasklane.domain.task.Status.OPEN)
                .sorted(dev.tasklane.domain.selection.TaskOrder.NEXT)
                .forEach(task -> order.add(task.identifier().toString()));
        return order;
    }

    private String next() {
        return board.app.next().next(board.alice).map(BoardFixture::id).orElse(null);
    }

    private void move(String task, String anchor, boolean before) {
        board.app.reorder().move(board.alice, ref(task), new Placement(anchor, before));
    }

    @Test
    void aMovedTaskIsHandedOutInItsNewPlace() {
        for (int i = 1; i <= 4; i++) {
            board.create(board.admin, task("t" + i));
        }
        String high = id(board.create(board.admin, task("urgent", "priority", "high")));
        long highPosition = board.get(high).task().position();
        assertEquals("W5", next());
        move("W4", "W1", true);
        assertEquals(List.of("W5", "W4", "W1", "W2", "W3"), queue());
        move("W4", "W2", false);
        assertEquals(List.of("W5", "W1", "W2", "W4", "W3"), queue());
        assertEquals(highPosition, board.get(high).task().position(), "another priority keeps its place");
        board.claim(board.alice, high);
        assertEquals("W1", next());
        move("W3", "W1", true);
        assertEquals("W3", next());
    }

    @Test
    void stepsMoveOnePlaceWithinThePriority() {
        for (int i = 1; i <= 3; i++) {
            board.create(board.admin, task("t" + i));
        }
        board.app.reorder().step(board.alice, ref("W3"), true);
        assertEquals(List.of("W1", "W3", "W2"), queue());
        board.app.reorder().step(board.alice, ref("W1"), false);
        assertEquals(List.of("W3", "W1", "W2"), queue());
        board.app.reorder().step(board.alice, ref("W3"), true);
        board.app.reorder().step(board.alice, ref("W2"), false);
        assertEquals(List.of("W3", "W1", "W2"), queue(), "the ends stay where they are");
    }

    @Test
    void aMoveNamesAReadyTaskOfTheSamePriorityOnTheBoard() {
        board.create(board.admin, task("a"));
        board.create(board.admin, task("b"));
        board.create(board.admin, task("high", "priority", "high"));
        board.create(board.admin, task("held"));
        board.claim(board.bob, "W4");
        for (String[] bad : new String[][] {{"W1", "W3"}, {"W1", "W4"}, {"W1", "W1"}, {"W1", "W99"}, {"W4", "W1"}}) {
            InvalidInputException refused = assertThrows(InvalidInputException.class, () -> move(bad[0], bad[1], true),
                    String.join(" before ", bad));
            assertEquals(QueueOrder.INVALID, refused.code());
            assertEquals(new ErrorDetails.Field("before"), refused.details());
        }
        assertThrows(ForbiddenException.class,
                () -> board.app.reorder().move(board.reader, ref("W2"), new Placement("W1", true)));
        assertEquals(List.of("W3", "W1", "W2"), queue(), "nothing moved");
    }
}
