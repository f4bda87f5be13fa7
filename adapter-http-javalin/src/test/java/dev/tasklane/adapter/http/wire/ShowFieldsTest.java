package dev.tasklane.adapter.http.wire;

import dev.tasklane.adapter.http.error.ShowFieldsRejectedException;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class ShowFieldsTest {

    @Test
    void theAllowListHoldsExactlyTheTwentySevenNames() {
        assertEquals(27, ShowFields.ALLOWED.size());
        assertEquals(27, java.util.Set.copyOf(ShowFields.ALLOWED).size());
        assertEquals(List.of("id", "identifier", "title", "type", "status", "priority", "complexity", "dependencies",
                "created_by_agent", "parent_id", "claim_expires_at", "needs_review", "review_status", "review_notes",
                "review_report", "workflow_steps", "explorer_result", "reviewer_result", "reviewed_at",
                "reviewed_by_id", "completed_at", "completed_by_id", "completed_by_agent", "completion_summary",
                "completion_notes", "actual_complexity", "actual_files_changed"), ShowFields.ALLOWED);
    }

    @Test
    void namesAreTrimmedEmptiesDroppedDuplicatesRemovedAndIdAlwaysIncluded() {
        ShowFields fields = ShowFields.parse(" needs_review , ,status,status,").orElseThrow();
        assertEquals(List.of("id", "identifier", "status", "needs_review"), fields.keys());
    }

    @Test
    void aBlankValueMeansNoProjection() {
        assertTrue(ShowFields.parse("").isEmpty());
        assertTrue(ShowFields.parse("   ").isEmpty());
        assertTrue(ShowFields.parse(" , ,").isEmpty());
        assertTrue(ShowFields.parse(null).isEmpty());
    }

    @Test
    void eachUnknownNameHasItsOwnMessageInTheOrderSent() {
        ShowFieldsRejectedException error = assertThrows(ShowFieldsRejectedException.class,
                () -> ShowFields.parse("column_id,status,Title,column_id"));
        assertEquals(ShowFields.UNKNOWN, error.code());
        assertEquals(List.of(
                new ShowFieldsRejectedException.Problem("column_id", "column_id is not in the allow-listed fields", true),
                new ShowFieldsRejectedException.Problem("Title", "Title is not in the allow-listed fields", true)),
                error.problems(), "the HTTP adapter adds where the allow-list applies (ShowFieldsHttpTest)");
    }

    @Test
    void theShapeAndViewRefusalsSayWhatToSendInstead() {
        assertEquals("fields must be a single comma-separated string (for example fields=status,needs_review) — "
                + "array or map shapes like fields[]=x are not accepted",
                ShowFields.invalidShape().problems().get(0).message());
        assertEquals(ShowFields.INVALID_SHAPE, ShowFields.invalidShape().code());
        assertEquals(ShowFields.VIEW_CONFLICT, ShowFields.conflictsWithView().code());
    }

    @Test
    void tooManyNamesAreRefusedNamingTheCap() {
        String value = IntStream.range(0, ShowFields.MAX_NAMES + 1).mapToObj(i -> "x" + i).collect(Collectors.joining(","));
        ShowFieldsRejectedException error = assertThrows(ShowFieldsRejectedException.class, () -> ShowFields.parse(value));
        assertTrue(error.problems().get(0).message().contains("MAX_NAMES"), error.problems().toString());
    }

    /** Generated values: any subset of allowed names, shuffled and padded, projects to that subset in allow-list order. */
    @Test
    void generatedSubsetsProjectInAllowListOrder() {
        long seed = Long.getLong("tasklane.seed", System.nanoTime());
        Random random = new Random(seed);
        for (int round = 0; round < 500; round++) {
            List<String> picked = ShowFields.ALLOWED.stream().filter(name -> random.nextBoolean()).collect(Collectors.toList());
            if (picked.isEmpty()) {
                continue;
            }
            java.util.Collections.shuffle(picked, random);
            String value = picked.stream().map(name -> " ".repeat(random.nextInt(2)) + name + ",".repeat(random.nextInt(2)))
                    .collect(Collectors.joining(","));
            List<String> expected = ShowFields.ALLOWED.stream()
                    .filter(name -> picked.contains(name) || ShowFields.ALWAYS.contains(name)).toList();
            assertEquals(expected, ShowFields.parse(value).orElseThrow().keys(), "seed " + seed + ", value " + value);
        }
    }
}
