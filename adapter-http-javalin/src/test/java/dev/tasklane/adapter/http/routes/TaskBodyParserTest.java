package dev.tasklane.adapter.http.routes;

import dev.tasklane.adapter.http.pipeline.HttpSettings;
import dev.tasklane.adapter.http.pipeline.Json;
import dev.tasklane.edge.SentTask;
import dev.tasklane.adapter.http.error.DomainErrors;
import dev.tasklane.edge.TaskRowParser;
import dev.tasklane.edge.UpdateTaskParser;
import dev.tasklane.edge.CreateTaskParser;
import dev.tasklane.application.port.in.NewTask;
import dev.tasklane.application.port.in.Patch;
import dev.tasklane.application.port.in.TaskRef;
import dev.tasklane.domain.assignment.AssigneeChoice;
import dev.tasklane.domain.id.TaskId;
import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.validation.DependencyRef;
import dev.tasklane.domain.validation.Failure;
import dev.tasklane.domain.validation.FieldError;
import dev.tasklane.domain.validation.FieldErrors;
import dev.tasklane.edge.TaskField;
import dev.tasklane.domain.validation.TaskFieldRules;
import dev.tasklane.domain.validation.TaskFieldsRejectedException;
import dev.tasklane.domain.validation.TaskUpdateRejectedException;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tasklane.domain.task.Detail;
import dev.tasklane.domain.task.Capability;
import dev.tasklane.domain.task.Complexity;
import dev.tasklane.domain.task.Priority;
import dev.tasklane.domain.task.Verbatim;
import dev.tasklane.domain.task.UnknownKeys;
import dev.tasklane.domain.task.BehaviourRow;
import dev.tasklane.domain.task.TaskSpec;
import dev.tasklane.domain.task.TextOrList;
import dev.tasklane.domain.task.TaskType;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The task body parsers: every field's shape errors and rules, as the create and edit answers list them. */
class TaskBodyParserTest {
    private static final Json JSON = new Json(HttpSettings.defaults("http://localhost"));
    private static final CreateTaskParser CREATES = new CreateTaskParser(JSON::write);
    private static final UpdateBodyReader UPDATES = new UpdateBodyReader(JSON::write);

    /** What POST /api/tasks reads from a task object. */
    static NewTask parseCreate(Map<String, Object> raw, boolean nestedInGoal) {
        return CREATES.read(SentTask.of(raw), nestedInGoal);
    }

    /** What PATCH /api/tasks/:id makes of a task object on {@code current}, the kind rule of the edit included. */
    static TaskSpec applyUpdate(TaskSpec current, Map<String, Object> raw) {
        TaskSpec updated = UPDATES.read(SentTask.of(raw)).applyTo(current);
        if (TaskFieldRules.changesGoalKind(current.type(), updated.type())) {
            throw new TaskFieldsRejectedException(new FieldErrors().add("type", TaskFieldRules.GOAL_TYPE_CHANGE));
        }
        return updated;
    }

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

    static FieldErrors rejected(Map<String, Object> raw) {
        return assertThrows(TaskFieldsRejectedException.class, () -> parseCreate(raw, false)).errors();
    }

    static List<String> messages(Map<String, Object> raw, String field) {
        return rejected(raw).messages(field);
    }

    @Test
    void minimalTaskParsesWithDefaults() {
        NewTask draft = parseCreate(task(), false);
        TaskSpec spec = draft.spec();
        assertEquals(TaskType.WORK, spec.type());
        assertEquals(Priority.MEDIUM, spec.priority());
        assertEquals(Complexity.SMALL, spec.complexity());
        assertFalse(spec.needsReview());
        assertFalse(spec.humanTask());
        assertInstanceOf(AssigneeChoice.Inherit.class, draft.assignee());
        assertNull(draft.parent());
        assertFalse(draft.createdByAgent().isSent());
        assertFalse(draft.isGoalWithChildren());
    }

    @ParameterizedTest
    @MethodSource("blankRequired")
    void requiredFieldsAreBlankWhenMissingOrEmpty(String field, Object value) {
        Map<String, Object> raw = task();
        if (value == null) {
            raw.remove(field);
        } else {
            raw.put(field, value);
        }
        assertEquals(List.of("can't be blank"), messages(raw, field));
    }

    static Stream<Arguments> blankRequired() {
        return Stream.of(Arguments.of("title", null), Arguments.of("title", "   "), Arguments.of("type", null),
                Arguments.of("type", ""), Arguments.of("priority", null), Arguments.of("priority", ""));
    }

    @ParameterizedTest
    @MethodSource("invalidValues")
    void badValuesAreInvalid(String field, Object value) {
        assertEquals(List.of("is invalid"), messages(task(field, value), field));
    }

    static Stream<Arguments> invalidValues() {
        return Stream.of(Arguments.of("type", "epic"), Arguments.of("priority", "urgent"),
                Arguments.of("complexity", "huge"), Arguments.of("type", 3), Arguments.of("needs_review", "yes"),
                Arguments.of("human_task", 1), Arguments.of("pitfalls", List.of("a", 2)),
                Arguments.of("out_of_scope", "not a list"), Arguments.of("technical_details", List.of()),
                Arguments.of("description", 5), Arguments.of("dependencies", List.of(1)),
                Arguments.of("dependencies", "W1"), Arguments.of("assigned_to_id", "bob"),
                Arguments.of("parent_id", true), Arguments.of("created_by_agent", 7),
                Arguments.of("integration_points", "x"));
    }

    @Test
    void titleLongerThan255CodePointsIsRejectedButEmojiCountOnce() {
        assertEquals(List.of("should be at most 255 character(s)"), messages(task("title", "x".repeat(256)), "title"));
        String emoji = "\uD83D\uDE00".repeat(255);
        assertEquals(emoji, parseCreate(task("title", emoji), false).spec().title());
    }

    @ParameterizedTest
    @ValueSource(strings = {"telemetry_event", "estimated_files"})
    void shortTextFieldsAreCapped(String field) {
        assertTrue(messages(task(field, "1".repeat(256)), field).contains("should be at most 255 character(s)"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"security_considerations", "dependencies", "required_capabilities"})
    void longArrayEntriesAreRejected(String field) {
        assertTrue(messages(task(field, List.of("a".repeat(256))), field)
                .contains("each entry should be at most 255 character(s)"));
    }

    @Test
    void clientIdentifierIsRejected() {
        assertEquals(List.of("is server-generated; do not send it"), messages(task("identifier", "W1"), "identifier"));
    }

    @Test
    void serverManagedFieldsAreStrippedAndUnknownKeysIgnored() {
        NewTask draft = parseCreate(task("status", "completed", "completion_summary", "x",
                "review_status", "approved", "whatever", 1), false);
        assertEquals("Add login endpoint", draft.spec().title());
    }

    @Test
    void assigneeDistinguishesAbsentNullAndId() {
        assertEquals(new AssigneeChoice.Explicit(null),
                parseCreate(task("assigned_to_id", null), false).assignee());
        assertEquals(new AssigneeChoice.Explicit(UserId.of(7)),
                parseCreate(task("assigned_to_id", 7), false).assignee());
    }

    @Test
    void parentIdAcceptsIdentifierOrNumericId() {
        assertEquals(new TaskRef.ByIdentifier(dev.tasklane.application.testing.Identifiers.tid("G1")), parseCreate(task("parent_id", "G1"), false).parent());
        assertEquals(new TaskRef.ById(TaskId.of(12)), parseCreate(task("parent_id", 12), false).parent());
    }

    @Test
    void createdByAgentPresenceWinsEvenWhenNull() {
        assertEquals(Patch.to(null), parseCreate(task("created_by_agent", null), false).createdByAgent());
        assertEquals(Patch.to(""), parseCreate(task("created_by_agent", ""), false).createdByAgent());
    }

    @Test
    void oneBadCapabilityIsNamed() {
        assertEquals(List.of("invalid capability: 'flying'. Must be one of: api_design, code_generation, code_review, "
                + "database_design, debugging, devops, documentation, file_operations, git, performance_optimization, "
                + "refactoring, security_analysis, testing, ui_design, ui_implementation, web_browsing"),
                messages(task("required_capabilities", List.of("git", "flying")), "required_capabilities"));
    }

    @Test
    void severalBadCapabilitiesAreListed() {
        assertEquals(List.of("invalid capabilities: a, b. Must be one of: " + Capability.ALL_NAMES),
                messages(task("required_capabilities", List.of("a", "b")), "required_capabilities"));
    }

    @Test
    void validCapabilitiesAreTyped() {
        assertEquals(java.util.Set.of(Capability.GIT, Capability.TESTING), parseCreate(
                task("required_capabilities", List.of("git", "testing")), false).spec().requiredCapabilities());
    }

    @Test
    void keyFileErrorsAreRowAligned() {
        FieldErrors errors = rejected(task("key_files", List.of(
                map("file_path", "lib/a.ex", "position", 0),
                map("file_path", "../etc/passwd", "position", 1),
                map("note", "x"),
                map("file_path", "/abs", "position", -1),
                map("file_path", "a\0b", "position", 2))));
        Map<?, ?> rendered = new com.fasterxml.jackson.databind.ObjectMapper()
                .convertValue(DomainErrors.fieldErrors(errors), Map.class);
        List<?> rows = (List<?>) rendered.get("key_files");
        assertEquals(5, rows.size());
        assertEquals(Map.of(), rows.get(0));
        assertEquals(Map.of("file_path", List.of("must not contain .. path traversal")), rows.get(1));
        assertEquals(Map.of("file_path", List.of("is required (relative path from project root)"),
                "position", List.of("is required (integer starting from 0)")), rows.get(2));
        assertEquals(Map.of("file_path", List.of("must be a relative path, not absolute"),
                "position", List.of("must be greater than or equal to 0")), rows.get(3));
        assertEquals(List.of("must not contain a null byte"), errors.row("key_files", 4).messages("file_path"));
    }

    @ParameterizedTest
    @MethodSource("badEmbedShapes")
    void embedsMustBeArraysOfObjects(String field, String message) {
        assertEquals(List.of(message), messages(task(field, List.of("just a string")), field));
        assertEquals(List.of(message), messages(task(field, Map.of()), field));
    }

    static Stream<Arguments> badEmbedShapes() {
        return Stream.of(Arguments.of("key_files", TaskRowParser.KEY_FILES_SHAPE),
                Arguments.of("verification_steps", TaskRowParser.STEPS_SHAPE),
                Arguments.of("behaviour_test_matrix", TaskRowParser.MATRIX_SHAPE));
    }

    @Test
    void verificationStepRowsAreChecked() {
        FieldErrors errors = rejected(task("verification_steps", List.of(
                map("step_type", "command", "step_text", "mvn verify", "position", 0),
                map("step_type", "shell", "position", 1),
                map())));
        assertTrue(errors.row("verification_steps", 0).isEmpty());
        assertEquals(List.of("must be 'command' or 'manual'"), errors.row("verification_steps", 1).messages("step_type"));
        assertEquals(List.of("is required (command or instruction)"),
                errors.row("verification_steps", 1).messages("step_text"));
        assertEquals(List.of("is required ('command' or 'manual')"),
                errors.row("verification_steps", 2).messages("step_type"));
        assertEquals(List.of("is required (integer starting from 0)"),
                errors.row("verification_steps", 2).messages("position"));
    }

    @Test
    void validEmbedsAreTyped() {
        TaskSpec spec = parseCreate(task(
                "key_files", List.of(map("file_path", "lib/a.ex", "note", "n", "position", 0)),
                "verification_steps", List.of(map("step_type", "manual", "step_text", "look", "position", 0))),
                false).spec();
        assertEquals("lib/a.ex", spec.keyFiles().get(0).filePath());
        assertEquals("look", spec.verificationSteps().get(0).stepText());
    }

    static List<Object> fullMatrix() {
        List<Object> rows = new ArrayList<>();
        for (String category : TaskFieldRules.MATRIX_CATEGORIES) {
            rows.add(map("category", category, "behaviour", "does it", "test_name", "t_" + rows.size(),
                    "type", "unit / manual", "position", rows.size()));
        }
        return rows;
    }

    @Test
    void completeBehaviourMatrixIsStoredInDetailsWithDefaultStatus() {
        TaskSpec spec = parseCreate(task("behaviour_test_matrix", fullMatrix()), false).spec();
        List<BehaviourRow> rows = spec.details().behaviourTestMatrix();
        assertEquals(TaskFieldRules.MATRIX_CATEGORIES.size(), rows.size());
        assertEquals(new BehaviourRow("Happy path", "does it", "t_0", "unit / manual", "planned", null, 0), rows.get(0));
    }

    @Test
    void behaviourMatrixMustCoverEveryCategory() {
        List<Object> rows = fullMatrix().subList(0, 5);
        assertEquals(List.of("must include at least one row for every category. Missing: Lifecycle / wiring, "
                + "Contract / serialization"), messages(task("behaviour_test_matrix", rows), "behaviour_test_matrix"));
    }

    @Test
    void behaviourMatrixRowRules() {
        List<Object> rows = new ArrayList<>(fullMatrix());
        rows.add(map("category", "Sideways", "type", "unit/e2e", "status", "done"));
        rows.add(map("test_name", "n/a"));
        FieldErrors errors = rejected(task("behaviour_test_matrix", rows));
        FieldErrors bad = errors.row("behaviour_test_matrix", 7);
        assertTrue(bad.messages("category").get(0).startsWith("must be one of: Happy path"));
        assertEquals(List.of("is required (what the code should do)"), bad.messages("behaviour"));
        assertEquals(List.of("must be one of: planned, passing, failing, not_applicable"), bad.messages("status"));
        assertEquals(List.of("must be 'unit', 'integration', or 'manual', or a '/'-separated combination "
                + "(e.g. 'unit / manual')"), bad.messages("type"));
        assertEquals(List.of("is required unless the row is not applicable"), bad.messages("test_name"));
        FieldErrors waived = errors.row("behaviour_test_matrix", 8);
        assertEquals(List.of("is required when the row is not applicable"), waived.messages("na_reason"));
        assertTrue(waived.messages("category").get(0).startsWith("is required (one of: Happy path"));
    }

    @Test
    void testingStrategyRejectsUnknownKeysListingValidOnes() {
        assertEquals(List.of("has unknown keys: smoke. Valid keys are: unit_tests, integration_tests, manual_tests, "
                + "edge_cases, coverage_target"), messages(task("testing_strategy", map("unit_tests", "x", "smoke", "y")),
                "testing_strategy"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"testing_strategy", "integration_points"})
    void mapValuesMustBeStringsOrStringArrays(String field) {
        assertEquals(List.of("all values must be strings or arrays of strings. Invalid keys: unit_tests, edge_cases"),
                messages(task(field, map("unit_tests", 1, "edge_cases", List.of(2), "manual_tests", List.of("ok"))),
                        field));
    }

    @ParameterizedTest
    @ValueSource(strings = {"3", "2-4", "5+", "0"})
    void estimatedFilesAcceptsNumbersAndRanges(String value) {
        assertEquals(value, parseCreate(task("estimated_files", value), false).spec().details()
                .text(Detail.ESTIMATED_FILES));
    }

    @ParameterizedTest
    @ValueSource(strings = {"a few", "2 to 4", "-3", "3-", "+5"})
    void estimatedFilesRejectsOtherForms(String value) {
        assertEquals(List.of("must be a number or a range such as 3, 2-4 or 5+"),
                messages(task("estimated_files", value), "estimated_files"));
    }

    @Test
    void descriptiveFieldsGoToDetailsByWireName() {
        TaskSpec spec = parseCreate(task("why", "because", "pitfalls", List.of("p"),
                "technical_details", map("a", map("b", 1)), "integration_points", map("api", "x")), false).spec();
        assertEquals("because", spec.details().text(Detail.WHY));
        assertEquals(List.of("p"), spec.details().pitfalls());
        assertEquals(new UnknownKeys(Map.of("a", new Verbatim("{\"b\":1}"))), spec.details().technicalDetails());
        assertEquals(Map.of("api", TextOrList.of("x")), spec.details().integrationPoints());
    }

    @Test
    void integerDependenciesOnlyInsideGoals() {
        assertEquals(List.of("is invalid"), messages(task("dependencies", List.of(0)), "dependencies"));
        NewTask child = parseCreate(task("dependencies", List.of(0, "W23")), true);
        assertEquals(List.of(new DependencyRef.ByIndex(0), new DependencyRef.ByIdentifier(dev.tasklane.application.testing.Identifiers.tid("W23"))),
                child.dependencies());
        assertEquals(dev.tasklane.application.testing.Identifiers.tids("W23"), child.spec().dependencies());
    }

    @Test
    void nonEmptyTasksMakesAGoalAndChildrenAreParsed() {
        Map<String, Object> raw = task("type", "work", "tasks", List.of(task("title", "one"),
                task("title", "two", "dependencies", List.of(0))));
        NewTask goal = parseCreate(raw, false);
        assertEquals(TaskType.GOAL, goal.spec().type());
        assertEquals(2, goal.children().size());
        assertEquals(List.of(new DependencyRef.ByIndex(0)), goal.children().get(1).dependencies());
    }

    @Test
    void emptyTasksArrayIsAPlainTask() {
        assertEquals(TaskType.WORK, parseCreate(task("tasks", List.of()), false).spec().type());
    }

    @Test
    void childErrorsAreCollectedPerRowAlongsideGoalErrors() {
        Map<String, Object> badChild = task("priority", "urgent");
        badChild.remove("title");
        Map<String, Object> raw = task("identifier", "G1", "tasks", List.of(task(), badChild,
                task("dependencies", List.of(9)), task("dependencies", List.of(3)), "not an object"));
        FieldErrors errors = rejected(raw);
        assertEquals(List.of("is server-generated; do not send it"), errors.messages("identifier"));
        assertTrue(errors.row("tasks", 0).isEmpty());
        assertEquals(List.of("can't be blank"), errors.row("tasks", 1).messages("title"));
        assertEquals(List.of("is invalid"), errors.row("tasks", 1).messages("priority"));
        assertEquals(List.of("is invalid"), errors.row("tasks", 2).messages("dependencies"));
        assertEquals(List.of("cannot depend on itself"), errors.row("tasks", 3).messages("dependencies"));
        assertEquals(List.of("is invalid"), errors.row("tasks", 4).messages("base"));
    }

    @Test
    void childCannotBeAGoalOrHoldTasks() {
        FieldErrors errors = rejected(task("tasks", List.of(task("type", "goal", "tasks", List.of(task())))));
        assertEquals(List.of(TaskFieldRules.CHILD_IS_GOAL), errors.row("tasks", 0).messages("type"));
        assertEquals(List.of(CreateTaskParser.NESTED_TASKS), errors.row("tasks", 0).messages("tasks"));
    }

    @Test
    void allErrorsAreCollectedNotOnlyTheFirst() {
        Map<String, Object> raw = task("type", "epic", "priority", "urgent", "complexity", "huge",
                "estimated_files", "many");
        raw.remove("title");
        assertEquals(List.of("title", "type", "priority", "complexity", "estimated_files"),
                List.copyOf(rejected(raw).fields()));
    }

    // ---------------------------------------------------------------- update

    static TaskSpec current() {
        return parseCreate(task("why", "because", "key_files",
                List.of(map("file_path", "a", "position", 0))), false).spec();
    }

    @Test
    void updateRejectsEveryForbiddenKeyInListOrderWithExactReasons() {
        Map<String, Object> raw = map("title", "ok", "changed_files", List.of(), "review_notes", "x",
                "reviewed_at", "t", "after_goal_status", "x", "status", "open", "duplicate_of_id", 3);
        TaskUpdateRejectedException error = assertThrows(TaskUpdateRejectedException.class,
                () -> applyUpdate(current(), raw));
        assertEquals("update_forbidden_field", error.code());
        Failure failure = error.failures().get(0);
        assertEquals("task", failure.field());
        assertEquals(List.of("status", "review_notes", "reviewed_at", "changed_files", "after_goal_status",
                "duplicate_of_id"), failure.errors().stream().map(FieldError::field).toList());
        String tail = ". The request was rejected in full and no field was changed.";
        String head = " cannot be changed via PATCH /api/tasks/:id \u2014 ";
        assertEquals(List.of(
                "status" + head + "it is written by the claim and complete workflow endpoints" + tail,
                "review_notes" + head + "it is the review verdict, recorded by a human reviewing the task in the board "
                        + "UI; there is no API route that sets it" + tail,
                "reviewed_at" + head + "it is review attribution, stamped by the server when a review is recorded" + tail,
                "changed_files" + head + "it has its own endpoint: PUT /api/tasks/:id/changed_files, its sole writer" + tail,
                "after_goal_status" + head + "it has its own endpoint: PATCH /api/tasks/:id/after_goal" + tail,
                "duplicate_of_id" + head + "it is server-managed; it is set at creation or by a dedicated action" + tail),
                failure.errors().stream().map(FieldError::message).toList());
    }

    @Test
    void updateAppliesAllowListAndReplacesEmbedsWholesale() {
        TaskSpec updated = applyUpdate(current(), map("priority", "high", "why", null,
                "key_files", List.of(map("file_path", "b", "position", 0), map("file_path", "c", "position", 1)),
                "column_id", 4, "unknown", "x"));
        assertEquals(Priority.HIGH, updated.priority());
        assertNull(updated.details().text(Detail.WHY));
        assertEquals(List.of("b", "c"), updated.keyFiles().stream().map(k -> k.filePath()).toList());
        assertEquals("Add login endpoint", updated.title());
    }

    @ParameterizedTest
    @ValueSource(strings = {"title", "type", "priority"})
    void updateKeepsRequiredFieldsNonBlank(String field) {
        Map<String, Object> raw = map(field, "");
        FieldErrors errors = assertThrows(TaskFieldsRejectedException.class,
                () -> applyUpdate(current(), raw)).errors();
        assertEquals(List.of("can't be blank"), errors.messages(field));
    }

    @Test
    void updateCannotTurnATaskIntoAGoalOrBack() {
        FieldErrors errors = assertThrows(TaskFieldsRejectedException.class,
                () -> applyUpdate(current(), map("type", "goal"))).errors();
        assertEquals(List.of("cannot change a goal into a task or a task into a goal"), errors.messages("type"));
        TaskSpec goal = current().toBuilder().type(TaskType.GOAL).build();
        assertThrows(TaskFieldsRejectedException.class, () -> applyUpdate(goal, map("type", "defect")));
        assertEquals(TaskType.DEFECT, applyUpdate(current(), map("type", "defect")).type());
    }

    @Test
    void updateRejectsIntegerDependencies() {
        FieldErrors errors = assertThrows(TaskFieldsRejectedException.class,
                () -> applyUpdate(current(), map("dependencies", List.of(0)))).errors();
        assertEquals(List.of("is invalid"), errors.messages("dependencies"));
    }

    @Test
    void taskFieldTableCoversTheUpdateAllowList() {
        String allowList = "title description acceptance_criteria why what where_context estimated_files "
                + "patterns_to_follow database_changes validation_rules pitfalls out_of_scope type priority complexity "
                + "technology_requirements required_capabilities security_considerations testing_strategy "
                + "integration_points technical_details dependencies telemetry_event metrics_to_track "
                + "logging_requirements error_user_message error_on_failure human_task needs_review key_files "
                + "verification_steps behaviour_test_matrix";
        assertEquals(java.util.Set.of(allowList.split(" ")), java.util.Arrays.stream(TaskField.values())
                .map(TaskField::key).collect(java.util.stream.Collectors.toSet()));
        assertTrue(TaskField.fromCode("behaviour_test_matrix").orElseThrow().detail());
        assertEquals(List.of("low", "medium", "high", "critical"), TaskField.PRIORITY.allowedValues());
    }
}
