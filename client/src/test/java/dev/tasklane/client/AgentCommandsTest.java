package dev.tasklane.client;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The single-step commands (next, claim, show, heartbeat, complete, unclaim, create) against a real server. */
class AgentCommandsTest extends AgainstServer {
    @BeforeEach
    void initRepository() {
        ws.gitInit(Workspace.loggingHooks());
    }

    @Test
    void createsAGoalFromYamlThenClaimsWorksAndCompletesStepByStep() throws Exception {
        ws.write("plan.yaml", """
                title: Ship login
                type: goal
                priority: high
                tasks:
                  - title: Add the endpoint
                    type: work
                    priority: high
                  - title: Add the form
                    type: work
                    priority: medium
                    dependencies: [0]
                """);
        assertEquals(ExitCodes.OK, ws.agent("create", dir.resolve("plan.yaml").toString()), ws::err);
        assertTrue(ws.out().contains("Created G1, W1, W2"), ws::out);

        assertEquals(ExitCodes.OK, ws.agent("next"));
        assertTrue(ws.out().contains("W1 [open] high: Add the endpoint"), ws::out);

        assertEquals(ExitCodes.OK, ws.agent("claim"), ws::err);
        ClaimState held = ClaimState.load(dir).orElseThrow();
        assertEquals("W1", held.identifier());
        assertEquals("in_progress", server.task("W1").path("status").asText());

        assertEquals(ExitCodes.OK, ws.agent("heartbeat"), ws::err);
        assertTrue(ws.out().contains("W1 claimed until "), ws::out);
        assertEquals(ExitCodes.OK, ws.agent("show", "--json"));
        assertTrue(ws.out().contains("\"identifier\" : \"W1\""), ws::out);

        ws.write("Endpoint.java", "class Endpoint {}\n");
        assertEquals(ExitCodes.OK, ws.agent("complete", "--summary", "Added the endpoint", "--complexity", "small",
                "--minutes", "12"), ws::err);
        JsonNode done = server.task("W1");
        assertEquals("completed", done.path("status").asText());
        assertEquals(12, done.path("time_spent_minutes").asInt());
        assertEquals("Endpoint.java", done.path("changed_files").path(0).path("path").asText());
        assertTrue(ClaimState.load(dir).isEmpty());
        assertEquals(List.of("before_doing W1", "after_doing W1", "before_review W1", "after_review W1"),
                ws.hookLog());
    }

    @Test
    void claimsByIdentifierAndUnclaims() {
        server.call("POST", "/api/tasks", Map.of("task", Map.of("title", "A", "type", "work", "priority", "low")));
        server.call("POST", "/api/tasks", Map.of("task", Map.of("title", "B", "type", "work", "priority", "low")));

        assertEquals(ExitCodes.OK, ws.agent("claim", "W2"), ws::err);
        assertEquals(ExitCodes.USAGE, ws.agent("claim", "W1"), "one held task at a time");
        assertTrue(ws.err().contains("You already hold W2"), ws::err);

        assertEquals(ExitCodes.OK, ws.agent("unclaim"), ws::err);
        assertEquals("open", server.task("W2").path("status").asText());
        assertTrue(ClaimState.load(dir).isEmpty());
        assertEquals(ExitCodes.USAGE, ws.agent("unclaim"));
        assertTrue(ws.err().contains("No task held"), ws::err);
    }

    @Test
    void createsABatchFromAJsonListAndReportsServerRefusals() {
        ws.write("goals.json", """
                [{"title": "G one", "type": "goal", "priority": "low", "tasks": [{"title": "T", "type": "work", "priority": "low"}]},
                 {"title": "G two", "type": "goal", "priority": "low", "tasks": []}]
                """);
        assertEquals(ExitCodes.OK, ws.agent("create", dir.resolve("goals.json").toString()), ws::err);
        assertTrue(ws.out().contains("Created G1, W1, G2"), ws::out);

        ws.write("bad.json", "{\"task\": {\"title\": \"No type\", \"identifier\": \"W9\"}}");
        assertEquals(ExitCodes.API_ERROR, ws.agent("create", dir.resolve("bad.json").toString()));
        assertTrue(ws.err().contains("POST /api/tasks answered 422"), ws::err);
    }

    @Test
    void readsTheCredentialsOfStrideAuthMd() {
        ws.env.clear();
        ws.write(".stride_auth.md", "- **API URL:** `" + server.url + "`\n- **API Token:** `"
                + TestServer.ADMIN_TOKEN + "`\n");

        assertEquals(ExitCodes.OK, ws.agent("next", "--json"), ws::err);
        assertEquals("null", ws.out().strip());

        ws.write(".stride_auth.md", "- **API URL:** `" + server.url + "`\n- **API Token:** `{{YOUR_TOKEN_HERE}}`\n");
        assertEquals(ExitCodes.USAGE, ws.agent("next"));
        assertTrue(ws.err().contains("No API token"), ws::err);
    }

    @Test
    void aBadTokenIsAnApiErrorWithTheServersMessage() {
        ws.env.put(Credentials.TOKEN_ENV, "tasklane_wrong");

        assertEquals(ExitCodes.API_ERROR, ws.agent("next"));
        assertTrue(ws.err().contains("GET /api/tasks/next answered 401: Invalid API token"), ws::err);
    }

    @Test
    void withoutASubcommandItPrintsUsage() {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream stream = new PrintStream(err, true, StandardCharsets.UTF_8);

        assertEquals(ExitCodes.USAGE, AgentCli.run(new String[] {"agent"}, Map.of(), stream, stream));
        String usage = err.toString(StandardCharsets.UTF_8);
        assertTrue(usage.contains("Missing subcommand"), usage);
        assertTrue(usage.contains("run") && usage.contains("claim"), usage);
    }
}
