package dev.tasklane.domain.validation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tasklane.domain.task.TaskType;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The rules of task fields over typed values. How a request's JSON is read into those values, and the order in which
 * its errors are listed, is tested where it is parsed: the HTTP adapter's {@code TaskBodyParserTest}.
 */
class TaskFieldRulesTest {

    /** A task object as a request sends it: the three required fields, then {@code pairs}. */
    static Map<String, Object> task(Object... pairs) {
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("title", "Add login endpoint");
        map.put("type", "work");
        map.put("priority", "medium");
        for (int i = 0; i < pairs.length; i += 2) {
            map.put((String) pairs[i], pairs[i + 1]);
        }
        return map;
    }

    static Map<String, Object> map(Object... pairs) {
        Map<String, Object> map = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            map.put((String) pairs[i], pairs[i + 1]);
        }
        return map;
    }

    @ParameterizedTest
    @ValueSource(strings = {"3", "2-4", "5+", "0"})
    void estimatedFilesAcceptsNumbersAndRanges(String value) {
        assertTrue(TaskFieldRules.isEstimate(value));
    }

    @ParameterizedTest
    @ValueSource(strings = {"a few", "2 to 4", "-3", "3-", "+5", ""})
    void estimatedFilesRejectsOtherForms(String value) {
        assertFalse(TaskFieldRules.isEstimate(value));
    }

    @ParameterizedTest
    @ValueSource(strings = {"unit", "integration", "manual", "unit / manual", "unit/integration/manual"})
    void matrixTypesCombineWithSlashes(String type) {
        assertTrue(TaskFieldRules.isMatrixType(type));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", " ", "e2e", "unit /", "unit, manual"})
    void otherMatrixTypesAreRefused(String type) {
        assertFalse(TaskFieldRules.isMatrixType(type));
    }

    @Test
    void aRowIsWaivedByStatusOrByATestNameThatSaysSo() {
        assertTrue(TaskFieldRules.isWaived("not_applicable", "t"));
        assertTrue(TaskFieldRules.isWaived(null, " N/A "));
        assertTrue(TaskFieldRules.isWaived("planned", "Not Applicable"));
        assertFalse(TaskFieldRules.isWaived("planned", "test_login"));
        assertFalse(TaskFieldRules.isWaived(null, null));
    }

    @Test
    void aMatrixNeedsEveryCategoryAndNamesTheMissingOnesInOrder() {
        assertEquals(List.of(), TaskFieldRules.missingCategories(Set.copyOf(TaskFieldRules.MATRIX_CATEGORIES)));
        Set<String> covered = new LinkedHashSet<>(TaskFieldRules.MATRIX_CATEGORIES.subList(0, 5));
        List<String> missing = TaskFieldRules.missingCategories(covered);
        assertEquals(List.of("Lifecycle / wiring", "Contract / serialization"), missing);
        assertEquals("must include at least one row for every category. Missing: Lifecycle / wiring, "
                + "Contract / serialization", TaskFieldRules.missingCategoriesMessage(missing));
    }

    @Test
    void unknownCapabilitiesAreNamedOnceOrAsAList() {
        assertNull(TaskFieldRules.unknownCapabilities(List.of()));
        assertTrue(TaskFieldRules.unknownCapabilities(List.of("juggling")).startsWith("invalid capability: 'juggling'. "
                + "Must be one of: api_design"));
        assertTrue(TaskFieldRules.unknownCapabilities(List.of("a", "b")).startsWith("invalid capabilities: a, b. "));
    }

    @Test
    void anEditCannotTurnAGoalIntoATaskOrBack() {
        assertTrue(TaskFieldRules.changesGoalKind(TaskType.WORK, TaskType.GOAL));
        assertTrue(TaskFieldRules.changesGoalKind(TaskType.GOAL, TaskType.DEFECT));
        assertFalse(TaskFieldRules.changesGoalKind(TaskType.WORK, TaskType.DEFECT));
        assertFalse(TaskFieldRules.changesGoalKind(TaskType.GOAL, TaskType.GOAL));
        assertFalse(TaskFieldRules.changesGoalKind(TaskType.GOAL, null));
    }

    @Test
    void siblingIndicesMayNotPointAtTheTaskItselfOrPastTheGoal() {
        FieldErrors errors = new FieldErrors();
        TaskFieldRules.checkSiblingIndices(List.of(new DependencyRef.ByIndex(1), new DependencyRef.ByIdentifier(dev.tasklane.domain.testing.TaskFixtures.id("W1")),
                new DependencyRef.ByIndex(0)), 1, 3, "dependencies", errors);
        assertEquals(List.of("cannot depend on itself"), errors.messages("dependencies"));
        FieldErrors past = new FieldErrors();
        TaskFieldRules.checkSiblingIndices(List.of(new DependencyRef.ByIndex(3)), 0, 3, "dependencies", past);
        assertEquals(List.of("is invalid"), past.messages("dependencies"));
    }

    @Test
    void keyFilePathsStayInsideTheProject() {
        assertEquals(List.of(), TaskFieldRules.keyFilePathProblems("lib/auth.ex"));
        assertFalse(TaskFieldRules.keyFilePathProblems("/etc/passwd").isEmpty());
        assertFalse(TaskFieldRules.keyFilePathProblems("lib/../../secret").isEmpty());
    }

    @Test
    void textsAreMeasuredInCodePoints() {
        String emoji = "\uD83D\uDE00".repeat(255);
        assertFalse(TaskFieldRules.exceeds(emoji, 255));
        assertTrue(TaskFieldRules.exceeds(emoji + "x", 255));
        assertEquals("should be at most 255 character(s)", TaskFieldRules.tooLong(255));
    }
}
