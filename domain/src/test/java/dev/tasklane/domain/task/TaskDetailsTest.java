package dev.tasklane.domain.task;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The text details are held by detail: one constant of {@link Detail} is all a new one needs in the domain. */
class TaskDetailsTest {
    @Test
    void everyTextDetailIsHeldAndReadByItsConstant() {
        TaskDetails.Builder builder = TaskDetails.builder();
        Detail.TEXTS.forEach(detail -> builder.text(detail, detail.name()));
        TaskDetails details = builder.build();
        for (Detail detail : Detail.TEXTS) {
            assertEquals(detail.name(), details.text(detail));
        }
        assertEquals(Detail.TEXTS, new ArrayList<>(details.texts().values().keySet()), "kept in the domain's order");
        assertEquals(details, details.toBuilder().build());
    }

    @Test
    void aTextNotStatedIsNullAndClearingItRemovesIt() {
        TaskDetails details = TaskDetails.builder().text(Detail.WHY, "because").build();
        assertNull(details.text(Detail.WHAT));
        TaskDetails cleared = details.toBuilder().text(Detail.WHY, null).build();
        assertNull(cleared.text(Detail.WHY));
        assertEquals(TaskDetails.NONE, cleared);
        Map<Detail, String> withNull = new HashMap<>();
        withNull.put(Detail.WHAT, null);
        assertTrue(new TaskDetails.Texts(withNull).values().isEmpty(), "a null value is no entry");
    }

    @Test
    void onlyTextDetailsAreTexts() {
        for (Detail detail : Detail.values()) {
            if (detail.text()) {
                continue;
            }
            assertThrows(IllegalArgumentException.class, () -> TaskDetails.builder().text(detail, "x"), detail::name);
            assertThrows(IllegalArgumentException.class, () -> new TaskDetails.Texts(Map.of(detail, "x")),
                    detail::name);
        }
        assertEquals(List.of(Detail.ESTIMATED_FILES, Detail.WHY, Detail.WHAT, Detail.WHERE_CONTEXT,
                Detail.PATTERNS_TO_FOLLOW, Detail.DATABASE_CHANGES, Detail.VALIDATION_RULES, Detail.TELEMETRY_EVENT,
                Detail.METRICS_TO_TRACK, Detail.LOGGING_REQUIREMENTS, Detail.ERROR_USER_MESSAGE,
                Detail.ERROR_ON_FAILURE), Detail.TEXTS.subList(0, 12), "the order answers list them in");
    }

    /** Copying a detail from other details sets that detail alone, for every form. */
    @Test
    void copyingADetailSetsItAlone() {
        TaskDetails.Builder all = TaskDetails.builder().pitfalls(List.of("p")).outOfScope(List.of("o"))
                .technologyRequirements(List.of("t")).integrationPoints(Map.of("api", TextOrList.of("x")))
                .behaviourTestMatrix(List.of(new BehaviourRow("c", "b", "t", "unit", "ok", null, 0)));
        Detail.TEXTS.forEach(detail -> all.text(detail, detail.name()));
        TaskDetails from = all.build();
        for (Detail detail : Detail.values()) {
            TaskDetails copied = TaskDetails.builder().copy(detail, from).build();
            TaskDetails back = copied.toBuilder().copy(detail, TaskDetails.NONE).build();
            assertEquals(TaskDetails.NONE, back, detail + " alone was copied");
            assertTrue(!copied.equals(TaskDetails.NONE) || detail == Detail.TECHNICAL_DETAILS, detail::name);
        }
    }
}
