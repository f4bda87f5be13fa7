package dev.tasklane.adapter.jdbi;

import dev.tasklane.adapter.jdbi.PlainStatement.SqlValues;
import dev.tasklane.application.testing.Tasks;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.id.TaskId;
import dev.tasklane.domain.task.Task;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The writable columns of a task's row: for every combination of groups an update leaves out, the values bound name
 * the parameters of its text, in their order, and the texts are kept as constants.
 */
final class TaskRowsTest {
    /** A claimed task with a goal, dependencies and key files: every group has a value. */
    private static final Task TASK = Tasks.work(BoardId.of(1), 7).parent(TaskId.of(3)).dependsOn("W1")
            .keyFiles("src/Main.java").claimedUntil("agent", Tasks.NOW.plusSeconds(600)).build().withId(TaskId.of(7));

    /** Records the names of the values bound, in order. */
    private static final class Names implements SqlValues {
        final List<String> names = new ArrayList<>();

        @Override
        public SqlValues value(String name, Object value, int sqlType) {
            names.add(name);
            return this;
        }
    }

    @Test
    void everyCombinationOfUnchangedGroupsBindsTheParametersOfItsText() {
        Task task = TASK;
        for (int unchanged = 0; unchanged < TaskRows.GROUPS; unchanged++) {
            Names bound = new Names();
            TaskRows.updateValues(bound, task, unchanged);

            assertEquals(PlainStatement.parse(TaskRows.update(unchanged)).names(), bound.names,
                    "groups left out: " + Integer.toBinaryString(unchanged));
            assertSame(TaskRows.update(unchanged), TaskRows.update(unchanged), "one text per combination");
        }
    }

    @Test
    void nothingLeftOutIsEveryWritableColumn() {
        Names bound = new Names();
        TaskRows.writable(bound, TASK);

        assertEquals(List.of(TaskRows.WRITABLE.split(", ")), bound.names);
        assertTrue(TaskRows.UPDATE.contains("spec = :spec"));
    }

    @Test
    void aTaskComparedWithItselfLeavesEveryGroupOut() {
        Task task = TASK;

        assertEquals(TaskRows.GROUPS - 1, TaskRows.unchanged(task, task));
        assertEquals(0, TaskRows.unchanged(null, task), "nothing is left out of a row not known");
    }
}
