package dev.tasklane.domain.archive;

import dev.tasklane.domain.testing.SnakeNames;
import static dev.tasklane.domain.testing.TaskFixtures.ALICE;
import static dev.tasklane.domain.testing.TaskFixtures.NOW;
import static dev.tasklane.domain.testing.TaskFixtures.agent;
import static dev.tasklane.domain.testing.TaskFixtures.id;
import static dev.tasklane.domain.testing.TaskFixtures.ids;
import static dev.tasklane.domain.testing.TaskFixtures.owner;
import static dev.tasklane.domain.testing.TaskFixtures.task;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tasklane.domain.error.ConflictException;
import dev.tasklane.domain.error.ErrorDetails;
import dev.tasklane.domain.error.ForbiddenException;
import dev.tasklane.domain.error.InvalidInputException;
import dev.tasklane.domain.task.Archive;
import dev.tasklane.domain.task.ArchiveReason;
import dev.tasklane.domain.task.Status;
import dev.tasklane.domain.task.Task;
import dev.tasklane.domain.task.TaskIdentifier;
import dev.tasklane.domain.validation.Limit;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ArchiveRulesTest {
    private static final Archive ARCHIVED = new Archive(NOW, ArchiveReason.DEFERRED, "later", null, ALICE);

    @Test
    void everyReasonIsReadFromItsWireNameAndTheLastThreeNeedANote() {
        for (ArchiveReason reason : ArchiveReason.values()) {
            String duplicate = reason == ArchiveReason.DUPLICATE ? "W2" : null;
            assertEquals(reason, ArchiveRequest.of(reason.code(), "why", duplicate).reason());
            if (reason.needsNote()) {
                InvalidInputException missing = assertThrows(InvalidInputException.class,
                        () -> ArchiveRequest.of(reason.code(), null, duplicate));
                assertEquals(new ErrorDetails.Field("note"), missing.details());
            } else {
                assertNull(ArchiveRequest.of(reason.code(), "  ", duplicate).note());
            }
        }
        assertEquals(List.of("wont_do", "deferred", "cancelled"), java.util.Arrays.stream(ArchiveReason.values())
                .filter(ArchiveReason::needsNote).map(ArchiveReason::code).toList());
    }

    @Test
    void aMissingOrUnknownReasonNamesTheReasons() {
        for (String reason : new String[] {null, "", "done", "COMPLETED"}) {
            InvalidInputException refused = assertThrows(InvalidInputException.class, () -> ArchiveRequest.of(reason, "n", null));
            assertEquals(new ErrorDetails.Field("reason"), refused.details());
            assertTrue(refused.getMessage().contains("completed, duplicate, wont_do, deferred, cancelled"), refused.getMessage());
        }
    }

    @Test
    void duplicateOfGoesWithTheReasonDuplicateOnlyAndTheNoteHasACap() {
        assertEquals(new ErrorDetails.Field("duplicate_of"), assertThrows(InvalidInputException.class,
                () -> ArchiveRequest.of("duplicate", null, null, SnakeNames.SNAKE)).details());
        assertEquals(new ErrorDetails.Field("duplicate_of"), assertThrows(InvalidInputException.class,
                () -> ArchiveRequest.of("completed", null, "W1", SnakeNames.SNAKE)).details());
        String longest = "x".repeat(Limit.ARCHIVE_NOTE.max());
        assertEquals(longest, ArchiveRequest.of("cancelled", longest, null).note());
        InvalidInputException tooLong = assertThrows(InvalidInputException.class,
                () -> ArchiveRequest.of("cancelled", longest + "x", null));
        assertTrue(tooLong.getMessage().contains("ARCHIVE_NOTE"), tooLong.getMessage());
    }

    @Test
    void aDuplicateCannotNameATaskArchivedWithIt() {
        Task goal = task("G1").id(1).build();
        Task child = task("W1").id(2).parent(1).build();
        assertThrows(InvalidInputException.class, () -> ArchiveRules.archive(goal, List.of(child),
                ArchiveRequest.of("duplicate", null, "W1"), id -> List.of(), ALICE, NOW, SnakeNames.SNAKE));
    }

    @Test
    void aRestoreThatWouldCloseACycleIsRefusedNamingIt() {
        Task archived = task("W1").id(1).dependsOn("W2").build().toBuilder().archive(ARCHIVED).build();
        Map<TaskIdentifier, List<TaskIdentifier>> onTheBoard = Map.of(id("W2"), ids("W3"), id("W3"), ids("W1"));
        ConflictException refused = assertThrows(ConflictException.class, () -> ArchiveRules.restore(archived, List.of(),
                Optional.empty(), id -> onTheBoard.getOrDefault(id, List.of()), NOW));
        assertEquals(ArchiveRules.RESTORE_CYCLE, refused.code());
        assertEquals(new ErrorDetails.Tasks(ids("W1", "W2", "W3", "W1")), refused.details());
        Task restored = ArchiveRules.restore(archived, List.of(), Optional.empty(), id -> List.of(), NOW).get(0);
        assertNull(restored.archive());
    }

    @Test
    void deleteNeedsTheBoardOwnerAndLeavesNoChildBehind() {
        Task goal = task("G1").id(1).build();
        Task ready = task("W1").id(2).parent(1).build();
        Task done = task("W2").id(3).parent(1).status(Status.COMPLETED).build();
        assertThrows(ForbiddenException.class, () -> ArchiveRules.delete(agent(ALICE), ready, List.of(), id -> List.of()));
        ConflictException refused = assertThrows(ConflictException.class,
                () -> ArchiveRules.delete(owner(ALICE), goal, List.of(ready, done), id -> List.of()));
        assertEquals(new ErrorDetails.Tasks(ids("W2")), refused.details());
        Task archivedDone = done.toBuilder().archive(ARCHIVED).build();
        assertEquals(List.of(ready, archivedDone, goal),
                ArchiveRules.delete(owner(ALICE), goal, List.of(ready, archivedDone), id -> List.of()));
    }
}
