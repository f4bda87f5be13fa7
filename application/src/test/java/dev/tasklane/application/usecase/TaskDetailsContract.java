package dev.tasklane.application.usecase;

import static dev.tasklane.application.usecase.BoardFixture.id;
import static dev.tasklane.application.usecase.BoardFixture.ref;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.tasklane.application.testing.StoreSet;
import dev.tasklane.application.port.in.CreateTask;
import dev.tasklane.application.port.in.NewTask;
import dev.tasklane.application.port.in.Patch;
import dev.tasklane.application.port.in.UpdateTask;
import dev.tasklane.domain.assignment.AssigneeChoice;
import dev.tasklane.domain.task.Detail;
import dev.tasklane.domain.task.Priority;
import dev.tasklane.domain.task.TaskDetails;
import dev.tasklane.domain.task.TaskSpec;
import dev.tasklane.domain.task.TaskType;
import dev.tasklane.domain.validation.CompletionMode;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The text details through the use cases against a store adapter, driven by the edge's table
 * ({@link Detail#TEXTS}): each one is created, read back from the store, edited alone and cleared, so that a
 * detail added to the table is stored by every store without a line here (docs/api.md, "Task fields").
 */
public abstract class TaskDetailsContract {
    protected abstract StoreSet newStores();

    private BoardFixture board;

    @BeforeEach
    void createBoard() {
        board = new BoardFixture(newStores(), CompletionMode.GRACE);
    }

    /** A value of the field within its cap, with characters a store could mangle. */
    private static String value(Detail detail, String label) {
        if (detail == Detail.ESTIMATED_FILES) {
            return label.equals("new") ? "5+" : "2-4";
        }
        return label + " " + detail + " é 😀 \"q\"\n";
    }

    private String create(TaskDetails details) {
        TaskSpec spec = TaskSpec.builder("Described", TaskType.WORK, Priority.MEDIUM).details(details).build();
        return id(board.app.create().create(board.admin, new CreateTask(new NewTask(spec, List.of(),
                AssigneeChoice.INHERIT, null, Patch.unchanged(), List.of()), "agent")).root());
    }

    private void edit(String task, UpdateTask edit) {
        board.app.update().update(board.admin, ref(task), edit);
    }

    @Test
    void everyTextDetailIsStoredReadAndEditedAlone() {
        TaskDetails.Builder all = TaskDetails.builder();
        Detail.TEXTS.forEach(detail -> all.text(detail, value(detail, "old")));
        String task = create(all.build());

        TaskDetails stored = board.get(task).task().spec().details();
        for (Detail field : Detail.TEXTS) {
            assertEquals(value(field, "old"), stored.text(field), field + " as stored");
        }

        for (Detail field : Detail.TEXTS) {
            edit(task, UpdateTask.builder().detail(field, details -> details.text(field,
                    value(field, "new"))).build());
            TaskDetails edited = board.get(task).task().spec().details();
            assertEquals(value(field, "new"), edited.text(field), field + " edited");
            for (Detail other : Detail.TEXTS) {
                if (other != field) {
                    assertEquals(stored.text(other), edited.text(other),
                            other + " kept when " + field + " was edited");
                }
            }
            stored = edited;
        }

        UpdateTask.Builder clear = UpdateTask.builder();
        Detail.TEXTS.forEach(detail -> clear.detail(detail, details -> details.text(detail, null)));
        edit(task, clear.build());
        TaskDetails cleared = board.get(task).task().spec().details();
        for (Detail detail : Detail.TEXTS) {
            assertNull(cleared.text(detail), detail + " cleared");
        }
    }

    @Test
    void aTaskThatStatesNoTextDetailReadsWithNone() {
        String task = create(TaskDetails.NONE);
        assertEquals(TaskDetails.Texts.NONE, board.get(task).task().spec().details().texts());
    }
}
