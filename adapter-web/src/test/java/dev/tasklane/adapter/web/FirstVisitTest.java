package dev.tasklane.adapter.web;

import dev.tasklane.application.testing.TaskCommands;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** An empty board leads somewhere: plan the first task or goal, connect an agent. */
class FirstVisitTest {

    @Test
    void anEmptyBoardOffersTheTwoNextStepsUntilItHoldsATask() {
        try (WebClient web = new WebClient()) {
            String empty = web.get(web.boardPath()).body();
            assertTrue(empty.contains("id=\"first-steps\""), empty);
            assertTrue(empty.contains("href=\"/tokens\" id=\"first-token\""));
            assertTrue(empty.contains(".stride_auth.md") && empty.contains("tasklane agent run"));
            assertTrue(empty.contains("/mcp") && empty.contains("claude mcp add --transport http"), "MCP set-up");
            web.tasklane.create().create(web.owner,
                    TaskCommands.create(Map.of("title", "First", "type", "work", "priority", "medium"), null));
            assertFalse(web.get(web.boardPath()).body().contains("id=\"first-steps\""));
        }
    }
}
