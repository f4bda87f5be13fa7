package dev.tasklane.client;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code tasklane agent run} tells the task's session what it does by itself: the work command's start, its output
 * (the latest line, at most every few seconds, and the last one), its end with the exit code, each hook's start and
 * end while the claim is held, and the completion; the values of secret-looking environment variables and the agent's
 * token never reach the server.
 */
class AgentReportsTest extends AgainstServer {
    private static final String SECRET = "s3cr3t-deploy-value";

    @Test
    void theAgentReportsItsWorkToTheSessionWithoutEchoingSecrets() {
        ws.gitInit(Workspace.loggingHooks());
        ws.env.put("DEPLOY_API_TOKEN", SECRET);
        String token = ws.env.get(Credentials.TOKEN_ENV);
        server.call("POST", "/api/tasks", Map.of("task", Map.of("title", "Reported", "type", "work",
                "priority", "medium")));

        int exit = ws.agent("run", "--exec", "echo using " + SECRET + " and " + token + "; echo the last line");

        assertEquals(ExitCodes.OK, exit, ws::err);
        JsonNode page = server.call("GET", "/api/tasks/W1/activities?after=0&limit=100", null);
        List<String> bodies = new ArrayList<>();
        page.path("data").forEach(activity -> bodies.add(activity.path("kind").asText() + " "
                + activity.path("body").asText()));
        String all = String.join("\n", bodies);
        assertFalse(all.contains(SECRET), "a secret-looking variable's value is never posted: " + all);
        assertFalse(all.contains(token), "nor the agent's token: " + all);
        assertEquals(List.of(
                "action work command started: echo using [redacted] and [redacted]; echo the last line",
                "progress output: using [redacted] and [redacted]",
                "progress output: the last line"), bodies.subList(0, 3), all);
        assertTrue(bodies.get(3).startsWith("action work command ended with exit code 0 after "), all);
        assertEquals("action hook after_doing started", bodies.get(4), all);
        assertTrue(bodies.get(5).startsWith("action hook after_doing ended with exit code 0 after "), all);
        assertEquals("action hook before_review started", bodies.get(6), all);
        assertTrue(bodies.get(7).startsWith("action hook before_review ended with exit code 0 after "), all);
        assertTrue(bodies.get(8).startsWith("action completing W1: "), all);
        assertEquals(9, bodies.size(), all);
        assertEquals("completed", server.task("W1").path("status").asText());
    }

    @Test
    void secretsAreTheValuesOfSecretLookingVariablesAndTheToken() {
        List<String> secrets = SessionReporter.secretsOf(Map.of("GITHUB_TOKEN", "ghp_abcdefgh", "DB_PASSWORD",
                "hunter22", "AWS_SECRET_ACCESS_KEY", "wJalrXUtnFEMI", "SHORT_TOKEN", "abc", "HOME", "/home/agent",
                "api_key", "lowercase-key"), "tl_the_agent_token");
        assertEquals(List.of("tl_the_agent_token", "lowercase-key", "wJalrXUtnFEMI", "ghp_abcdefgh", "hunter22"),
                secrets, "longest first, so that a secret inside another is not left half shown");
        assertEquals("push with [redacted] as [redacted] from /home/agent",
                SessionReporter.redact("push with ghp_abcdefgh as hunter22 from /home/agent", secrets));
        String long1 = "x".repeat(SessionReporter.BODY_MAX + 50);
        assertEquals(SessionReporter.BODY_MAX, SessionReporter.redact(long1, secrets).length(), "cut to the cap");
    }
}
