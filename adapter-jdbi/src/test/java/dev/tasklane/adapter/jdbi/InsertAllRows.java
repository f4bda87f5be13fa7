package dev.tasklane.adapter.jdbi;

import dev.tasklane.application.testing.Tasks;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.id.TaskId;
import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.task.AfterGoal;
import dev.tasklane.domain.task.Archive;
import dev.tasklane.domain.task.ArchiveReason;
import dev.tasklane.domain.task.ChangedFile;
import dev.tasklane.domain.task.Completion;
import dev.tasklane.domain.task.Priority;
import dev.tasklane.domain.task.Review;
import dev.tasklane.domain.task.ReviewStatus;
import dev.tasklane.domain.task.Task;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * {@link JdbiTaskStore#insertAll} writes many tasks with one statement of an array per column ({@link ArrayRows});
 * {@link JdbiTaskStore#insert} writes one with a bound value per column. Whatever a task holds (a claim, a completion,
 * a review, changed files, an archive, a pending after_goal, timestamps finer than the database keeps, dependencies
 * and key files, texts an array literal must quote), both write the same rows and read back the same task.
 */
abstract class InsertAllRows {
    private static final BoardId BOARD = BoardId.of(41);
    private static final UserId ME = UserId.of(3);

    private JdbiStores stores;

    /** Stores on an empty database; closed after the test when {@link #closesStores()}. */
    protected abstract JdbiStores openStores();

    protected abstract boolean closesStores();

    @BeforeEach
    void open() {
        stores = openStores();
    }

    @AfterEach
    void close() {
        if (closesStores()) {
            stores.close();
        }
    }

    @Test
    void aTaskWrittenWithOthersIsTheRowItIsWrittenAlone() {
        List<Task> shapes = List.of(full(1), goal(2), Tasks.work(BOARD, 3).build(),
                Tasks.work(BOARD, 4).priority(Priority.CRITICAL).human().dependsOn("W1", "G2").keyFiles("a/B.java").build(),
                // what an array literal must quote or escape: quotes, backslashes, braces, commas, NULL, lines
                Tasks.work(BOARD, 5).title("a \"quoted\" {b,c} back\\slash NULL é 😀\nsecond line")
                        .createdByAgent("NULL").keyFiles("dir with space/{x},y.java", "NULL").build());
        for (int i = 0; i < shapes.size(); i++) {
            Task shape = shapes.get(i);
            int n = i;
            Task alone = stores.transactions().inTransaction(() -> stores.tasks().insert(renumbered(shape, 100 + n)));
            List<Task> together = stores.transactions().inTransaction(() -> stores.tasks().insertAll(
                    List.of(renumbered(shape, 200 + n), Tasks.work(BOARD, 300 + n).build())));
            Task other = together.get(0);

            assertEquals(row(alone.id()), row(other.id()), "the columns of " + shape.identifier());
            assertEquals(links(alone.id()), links(other.id()), "the dependency and key-file rows of " + shape.identifier());
            Task readAlone = stores.transactions().inTransaction(() -> stores.tasks().findById(BOARD, alone.id()))
                    .orElseThrow();
            Task readOther = stores.transactions().inTransaction(() -> stores.tasks().findById(BOARD, other.id()))
                    .orElseThrow();
            assertEquals(readAlone, new Task(readAlone.id(), readOther.boardId(), readAlone.identifier(),
                    readOther.parentId(), readOther.position(), readOther.spec(), readOther.status(),
                    readOther.assignedToId(), readOther.claim(), readOther.completion(), readOther.review(),
                    readOther.changedFiles(), readOther.afterGoal(), readOther.archive(), readOther.createdById(),
                    readOther.createdByAgent(), readOther.insertedAt(), readOther.updatedAt(), readOther.version()),
                    "the task read back of " + shape.identifier());
        }
    }

    /** A work task with every column of its row set, timestamps to the nanosecond. */
    private static Task full(long number) {
        Task claimed = Tasks.work(BOARD, number).assignedTo(ME).createdByAgent("writer")
                .claimedUntil("claude", Tasks.NOW.plusSeconds(600).plusNanos(123_456_789))
                .dependsOn("W90", "W91").keyFiles("src/A.java", "src/B.java").build();
        return claimed.toBuilder()
                .completion(Completion.byPerson(ME, Tasks.NOW.plusNanos(987_654_321)))
                .review(new Review(ReviewStatus.CHANGES_REQUESTED, "again", Tasks.NOW.plusNanos(1_500), UserId.of(5)))
                .changedFiles(List.of(new ChangedFile("src/A.java", "+ one line", null)))
                .archive(new Archive(Tasks.NOW.plusNanos(123_456_789), ArchiveReason.DUPLICATE, "same as W2", "W2", ME))
                .createdById(ME)
                .parentId(TaskId.of(77))
                .insertedAt(Tasks.NOW.minusNanos(999))
                .build();
    }

    /** A goal whose after_goal is pending, so that its row has an armed time. */
    private static Task goal(long number) {
        return Tasks.goal(BOARD, number)
                .afterGoal(new AfterGoal(AfterGoal.State.PENDING, Tasks.NOW.plusNanos(5), null, List.of()))
                .build();
    }

    private static Task renumbered(Task task, long number) {
        return task.toBuilder().identifier(new dev.tasklane.domain.task.TaskIdentifier(task.identifier().type(), number))
                .build();
    }

    /** The task's row, but for what tells two tasks apart: the id and the identifier. */
    private Map<String, Object> row(TaskId id) {
        Map<String, Object> row = new LinkedHashMap<>(stores.jdbi().withHandle(handle -> handle
                .createQuery("SELECT * FROM tasks WHERE id = :id").bind("id", id.value()).mapToMap().one()));
        row.remove("id");
        row.remove("identifier");
        row.remove("identifier_number");
        return row;
    }

    private List<String> links(TaskId id) {
        return stores.jdbi().withHandle(handle -> handle.createQuery("SELECT 'dependency ' || depends_on || ' ' || board_id "
                        + "FROM task_dependencies WHERE task_id = :id UNION ALL SELECT 'key file ' || file_path || ' ' || "
                        + "board_id FROM task_key_files WHERE task_id = :id ORDER BY 1")
                .bind("id", id.value()).mapTo(String.class).list());
    }
}
