package dev.tasklane.adapter.jdbi;

import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.json.UnknownKeys;
import dev.tasklane.domain.task.AgentReport;
import dev.tasklane.domain.task.ExplorerResult;
import dev.tasklane.domain.task.WorkflowStep;
import dev.tasklane.domain.task.Completion;
import dev.tasklane.domain.task.Complexity;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The completion column keeps the form rows were stored in before a completion was split into its parts. */
class CompletionDocumentsTest {
    /** A column value exactly as the store wrote it when a completion was one flat record. */
    private static final String STORED_FLAT = "{\"completed_by_id\":7,\"completed_by_agent\":\"claude\",\"summary\":\"Did it\","
            + "\"notes\":null,\"actual_complexity\":\"SMALL\",\"actual_files_changed\":\"a.java\",\"time_spent_minutes\":15,"
            + "\"review_report\":null,\"workflow_steps\":[{\"name\":\"explorer\",\"dispatched\":false,\"reason\":\"r\"}],"
            + "\"explorer_result\":{\"dispatched\":false,\"reason\":\"no_subagent_support\"},\"reviewer_result\":null,"
            + "\"completed_at\":\"2026-11-23T01:00:00.123456789Z\",\"completed_by_token_id\":42}";

    @Test
    void aFlatDocumentReadsIntoWhoCompletedItAndTheAgentsReport() {
        Completion read = TaskDocuments.completion(STORED_FLAT);

        assertEquals(new Completion(UserId.of(7), "claude", 42L, AgentReport.builder().summary("Did it")
                .actualComplexity(Complexity.SMALL).actualFilesChanged("a.java").timeSpentMinutes(15)
                .workflowSteps(List.of(WorkflowStep.skipped("explorer", "r")))
                .explorerResult(new ExplorerResult(false, null, null, "no_subagent_support", UnknownKeys.NONE)).build(),
                Instant.parse("2026-11-23T01:00:00.123456789Z")), read);
    }

    @Test
    void theStoredFormIsUnchanged() {
        Completion read = TaskDocuments.completion(STORED_FLAT);

        assertEquals(JsonText.map(STORED_FLAT), JsonText.map(TaskDocuments.completion(read)));
        assertEquals(read, TaskDocuments.completion(TaskDocuments.completion(read)));
    }

    /** Results with keys no rule names, nested ones, and documented keys whose values are not of their type. */
    private static final String STORED_RESULTS = "{\"completed_by_id\":7,\"completed_by_agent\":\"claude\","
            + "\"summary\":\"Did it\",\"notes\":null,\"actual_complexity\":\"SMALL\",\"actual_files_changed\":null,"
            + "\"time_spent_minutes\":15,\"review_report\":null,"
            + "\"workflow_steps\":[{\"name\":\"planner\",\"dispatched\":false,\"reason\":\"r\",\"duration_ms\":1.5,"
            + "\"extra\":[1,{\"a\":null}]}],"
            + "\"explorer_result\":{\"dispatched\":true,\"summary\":\"s\",\"duration_ms\":3,\"reason\":7,\"files\":[\"a\"]},"
            + "\"reviewer_result\":{\"dispatched\":true,\"summary\":\"s\",\"duration_ms\":8,\"status\":null,"
            + "\"issues\":[{\"severity\":\"minor\",\"category\":\"testing\",\"line\":3,\"x\":{\"y\":true}}],"
            + "\"acceptance_criteria\":[{\"criterion\":\"c\",\"status\":\"met\"}],\"project_checks\":[\"one\",{\"k\":2}],"
            + "\"security_considerations\":{\"status\":\"failed\",\"note\":\"n\",\"considerations\":"
            + "[{\"consideration\":\"c\",\"status\":\"partial\",\"extra\":1}]},"
            + "\"behaviour_test_matrix\":{\"status\":\"passed\",\"rows\":[{\"category\":\"Boundary\",\"behaviour\":\"b\"}]},"
            + "\"issue_counts\":{\"minor\":1,\"trivial\":0},\"schema_version\":\"1.0\",\"custom\":{\"deep\":[1,2]}},"
            + "\"completed_at\":null,\"completed_by_token_id\":null}";

    @Test
    void resultsKeepEveryKeyAsStored() {
        Completion read = TaskDocuments.completion(STORED_RESULTS);

        assertEquals(JsonText.map(STORED_RESULTS), JsonText.map(TaskDocuments.completion(read)));
        assertEquals(read, TaskDocuments.completion(TaskDocuments.completion(read)));
        assertEquals(3L, read.report().reviewerResult().issues().get(0).line());
        assertEquals("partial", read.report().reviewerResult().securityConsiderations().considerations().get(0).status());
        assertEquals("7", read.report().explorerResult().unknownKeys().values().get("reason").text());
    }
}
