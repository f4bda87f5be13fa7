package dev.tasklane.adapter.jdbi;

import dev.tasklane.domain.task.AgentReport;
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

        assertEquals(new Completion(7L, "claude", 42L, new AgentReport("Did it", null, Complexity.SMALL, "a.java", 15, null,
                List.of(Map.of("name", "explorer", "dispatched", false, "reason", "r")),
                Map.of("dispatched", false, "reason", "no_subagent_support"), null),
                Instant.parse("2026-11-23T01:00:00.123456789Z")), read);
    }

    @Test
    void theStoredFormIsUnchanged() {
        Completion read = TaskDocuments.completion(STORED_FLAT);

        assertEquals(JsonText.map(STORED_FLAT), JsonText.map(TaskDocuments.completion(read)));
        assertEquals(read, TaskDocuments.completion(TaskDocuments.completion(read)));
    }
}
