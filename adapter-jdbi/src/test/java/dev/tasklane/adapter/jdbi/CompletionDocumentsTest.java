package dev.tasklane.adapter.jdbi;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.task.UnknownKeys;
import dev.tasklane.domain.task.AgentReport;
import dev.tasklane.domain.task.ExplorerResult;
import dev.tasklane.domain.task.ReviewerResult;
import dev.tasklane.domain.task.ReviewerResult.Findings;
import dev.tasklane.domain.task.Verbatim;
import dev.tasklane.domain.task.WorkflowStep;
import dev.tasklane.domain.task.Completion;
import dev.tasklane.domain.task.Complexity;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

/** The completion column keeps the form rows were stored in before a completion was split into its parts. */
class CompletionDocumentsTest {
    private static JsonNode tree(String text) {
        try {
            return new ObjectMapper().readTree(text);
        } catch (JsonProcessingException unreadable) {
            throw new IllegalArgumentException(unreadable);
        }
    }

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
                .explorerResult(new ExplorerResult.Skipped(null, "no_subagent_support", UnknownKeys.NONE)).build(),
                Instant.parse("2026-11-23T01:00:00.123456789Z")), read);
    }

    @Test
    void theStoredFormIsUnchanged() {
        Completion read = TaskDocuments.completion(STORED_FLAT);

        assertEquals(tree(STORED_FLAT), tree(TaskDocuments.completion(read)));
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

        assertEquals(tree(STORED_RESULTS), tree(TaskDocuments.completion(read)));
        assertEquals(read, TaskDocuments.completion(TaskDocuments.completion(read)));
        Findings findings = ((ReviewerResult.Dispatched) read.report().reviewerResult()).findings();
        assertEquals(3L, findings.issues().get(0).line());
        assertEquals("partial", findings.securityConsiderations().considerations().get(0).status());
        assertEquals(new ExplorerResult.Dispatched("s", 3, new UnknownKeys(Map.of("reason", new Verbatim("7"),
                "files", new Verbatim("[\"a\"]")))), read.report().explorerResult());
        assertEquals("1.5", read.report().workflowSteps().get(0).unknownKeys().values().get("duration_ms").text());
    }

    /** A completion document exactly as the store writes it today: read and written again, byte for byte. */
    private static final String STORED_TODAY = "{\"completed_by_id\":7,\"completed_by_agent\":\"claude\","
            + "\"summary\":\"Did it\",\"notes\":null,\"actual_complexity\":\"SMALL\",\"actual_files_changed\":\"a.java\","
            + "\"time_spent_minutes\":15,\"review_report\":null,"
            + "\"workflow_steps\":[{\"name\":\"explorer\",\"dispatched\":true,\"duration_ms\":5,\"reason_code\":\"ran_inline\"},"
            + "{\"name\":\"planner\",\"dispatched\":false,\"reason\":\"small\",\"note\":{\"k\":[1,2.5]}}],"
            + "\"explorer_result\":{\"dispatched\":false,\"summary\":\"Skipped: the change touches one file only\","
            + "\"reason\":\"small_task_0_1_key_files\"},"
            + "\"reviewer_result\":{\"dispatched\":true,\"summary\":\"Reviewed the diff against every criterion\","
            + "\"duration_ms\":8000,\"acceptance_criteria_checked\":1,\"issues_found\":0,\"status\":\"approved\","
            + "\"issue_counts\":{\"critical\":0,\"important\":0,\"minor\":0},\"issues\":[],"
            + "\"acceptance_criteria\":[{\"criterion\":\"c\",\"status\":\"met\",\"evidence\":\"T\"}],"
            + "\"testing_strategy\":{\"status\":\"passed\"},\"patterns\":{\"status\":\"passed\"},"
            + "\"pitfalls\":{\"status\":\"failed\",\"note\":\"The cursor is not validated first\"},"
            + "\"security_considerations\":{\"status\":\"passed\",\"considerations\":[{\"consideration\":\"x\","
            + "\"status\":\"mitigated\"}]},\"behaviour_test_matrix\":{\"status\":\"passed\",\"rows\":"
            + "[{\"category\":\"Boundary\",\"behaviour\":\"b\",\"status\":\"covered\"}]},"
            + "\"project_checks\":[{\"check\":\"fmt\"}],\"schema_version\":\"1.0\",\"extra\":true},"
            + "\"completed_at\":\"2026-11-23T01:00:00Z\",\"completed_by_token_id\":null}";

    @Test
    void aDocumentInTodaysStoredFormReadsIntoTheSealedResultsAndIsWrittenBackByteForByte() {
        Completion read = TaskDocuments.completion(STORED_TODAY);

        assertInstanceOf(ExplorerResult.Skipped.class, read.report().explorerResult());
        ReviewerResult.Dispatched review = assertInstanceOf(ReviewerResult.Dispatched.class,
                read.report().reviewerResult());
        assertEquals(8000L, review.durationMs());
        assertEquals("The cursor is not validated first", review.findings().pitfalls().noteText());
        assertEquals(new Verbatim("true"), review.unknownKeys().values().get("extra"));
        assertEquals(STORED_TODAY, TaskDocuments.completion(read));
    }

    /** A completion stored before tokens held claims: no completed_by_token_id, no completer (the server's own). */
    private static final String STORED_BEFORE_TOKENS = "{\"completed_by_id\":null,\"completed_by_agent\":\"claude\","
            + "\"summary\":\"Did it\",\"notes\":\"n\",\"actual_complexity\":null,\"actual_files_changed\":null,"
            + "\"time_spent_minutes\":null,\"review_report\":\"r\",\"workflow_steps\":[],\"explorer_result\":null,"
            + "\"reviewer_result\":{\"dispatched\":false,\"summary\":\"no reviewer\",\"reason\":\"none\","
            + "\"duration_ms\":4,\"status\":\"approved\"},\"completed_at\":\"2026-11-23T01:00:00Z\"}";

    @Test
    void aCompletionStoredBeforeTokensHeldClaimsReadsWithoutATokenAndKeepsItsResult() {
        Completion read = TaskDocuments.completion(STORED_BEFORE_TOKENS);

        assertEquals(null, read.completedByTokenId());
        assertEquals(null, read.completedById());
        assertEquals(null, read.report().timeSpentMinutes());
        ReviewerResult.Skipped skipped = assertInstanceOf(ReviewerResult.Skipped.class, read.report().reviewerResult());
        assertEquals(List.of("duration_ms", "status"), List.copyOf(skipped.unknownKeys().values().keySet()));
        assertEquals(STORED_BEFORE_TOKENS.substring(0, STORED_BEFORE_TOKENS.length() - 1)
                + ",\"completed_by_token_id\":null}", TaskDocuments.completion(read));
    }
}
