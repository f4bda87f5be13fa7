package dev.tasklane.simulator;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SimulateCliTest {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(String... args) {
        return SimulateCli.run(args, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private String out() {
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void aSmallRunReportsEveryInvariantAsPassedAndExitsZero() {
        assertEquals(SimulateCli.PASSED, run("--agents", "4", "--tasks", "60", "--seed", "9"));
        assertTrue(out().contains("PASS single-holder"), out());
        assertTrue(out().contains("PASS key-files-exclusive"), out());
        assertTrue(out().endsWith("Result:         PASS" + System.lineSeparator()), out());
        assertEquals("", err.toString(StandardCharsets.UTF_8), "no progress bar without a console unless asked");
    }

    @Test
    void jsonReportsTheSameFigures() throws IOException {
        assertEquals(SimulateCli.PASSED, run("--agents", "3", "--tasks", "30", "--json"));
        JsonNode report = new ObjectMapper().readTree(out());
        assertTrue(report.get("passed").asBoolean());
        assertEquals(30, report.get("counts").get("tasks_done").asInt());
        assertEquals(4, report.get("invariants").size());
        assertTrue(report.get("claim_latency_us").has("p99"));
    }

    @Test
    void bothEnginesGiveTheSameDigestAndABadEngineIsAUsageError() throws IOException {
        assertEquals(SimulateCli.PASSED, run("--agents", "4", "--tasks", "80", "--question-rate", "0.2", "--wip-limit", "3", "--json"));
        JsonNode fast = new ObjectMapper().readTree(out());
        assertEquals("fast", fast.get("engine").asText(), "the fast engine is the default");
        out.reset();
        assertEquals(SimulateCli.PASSED, run("--agents", "4", "--tasks", "80", "--question-rate", "0.2", "--wip-limit", "3",
                "--engine", "usecases", "--json"));
        JsonNode full = new ObjectMapper().readTree(out());
        assertEquals("usecases", full.get("engine").asText());
        assertEquals(full.get("log_digest"), fast.get("log_digest"));
        assertEquals(full.get("counts"), fast.get("counts"));
        assertTrue(full.get("counts").get("questions").asInt() > 0, full::toString);
        assertTrue(full.get("awaiting_input_minutes").get("count").asInt() > 0, full::toString);
        assertEquals(SimulateCli.USAGE, run("--engine", "quick"));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("--engine must be fast or usecases, got quick"));
    }

    @Test
    void theJsonReportTimesSetupRunAndChecksApart() throws IOException {
        assertEquals(SimulateCli.PASSED, run("--agents", "3", "--tasks", "30", "--json"));
        JsonNode report = new ObjectMapper().readTree(out());
        for (String phase : new String[] {"setup_seconds", "setup_cpu_seconds", "run_seconds", "run_cpu_seconds", "check_seconds"}) {
            assertTrue(report.path(phase).isNumber() && report.path(phase).asDouble() >= 0, phase + " in " + report);
        }
        // the throughput divides the tasks done by the run alone, the set-up not in it: tasks per second times the
        // run's seconds gives the 30 tasks back, up to the run's truncation to milliseconds and the rounding
        double run = report.get("run_seconds").asDouble();
        double perSecond = report.get("tasks_per_second").asDouble();
        assertEquals(30, perSecond * run, perSecond * 0.001 + run + 0.5, report::toString);
    }

    @Test
    void aPlanFileInTheBatchShapeIsWorkedThroughWithItsAssignments(@TempDir Path dir) throws IOException {
        Path plan = dir.resolve("plan.json");
        Files.writeString(plan, """
                {"goals": [
                  {"type": "goal", "title": "Login", "priority": "high", "tasks": [
                    {"title": "Form", "type": "work", "priority": "high", "key_files": [{"file_path": "web/login.html", "position": 0}]},
                    {"title": "Check", "type": "work", "priority": "medium", "dependencies": [0], "needs_review": true},
                    {"title": "Fix", "type": "defect", "priority": "low", "dependencies": [1]}]},
                  {"type": "goal", "title": "Docs", "priority": "low", "tasks": [
                    {"title": "Guide", "type": "work", "priority": "low"}]}],
                 "assignments": [{"goal": 1, "agent": 1}]}
                """);
        assertEquals(SimulateCli.PASSED, run("--agents", "2", "--plan", plan.toString()));
        assertTrue(out().contains("4 tasks in 2 goals"), out());
        assertTrue(out().contains("2/2 goals done"), out());
    }

    @Test
    void aPlanThatIsNotABatchBodyFails(@TempDir Path dir) throws IOException {
        Path plan = Files.writeString(dir.resolve("plan.json"), "{\"tasks\": []}");
        assertEquals(SimulateCli.FAILED, run("--plan", plan.toString()));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("\"goals\" array"));
    }

    @Test
    void badFlagsAreUsageErrorsAndHelpListsTheFlags() {
        assertEquals(SimulateCli.USAGE, run("--agents", "0"));
        assertEquals(SimulateCli.USAGE, run("--expire-share", "2"));
        assertEquals(SimulateCli.USAGE, run("--frobnicate"));
        assertEquals(SimulateCli.USAGE, run("--threads", "0"));
        assertEquals(SimulateCli.USAGE, run("--threads", "257"));
        assertEquals(SimulateCli.USAGE, run("--tasks", "0"));
        assertEquals(SimulateCli.PASSED, run("--help"));
        assertTrue(out().contains("--expire-share"), out());
    }

    private String err() {
        return err.toString(StandardCharsets.UTF_8);
    }

    @Test
    void aBadTeamFileOrTeamFlagIsAUsageErrorNamingTheFieldWithoutAStackTrace(@TempDir Path dir) throws IOException {
        Path team = Files.writeString(dir.resolve("team.yaml"), "agents: 4\nreview_probability: 2\n");
        assertEquals(SimulateCli.USAGE, run("--team", team.toString()));
        assertTrue(err().startsWith(team + ": review_probability must be a number from 0 to 1, got 2.0"), err());
        assertTrue(!err().contains("Exception") && !err().contains("\tat "), err());

        err.reset();
        assertEquals(SimulateCli.USAGE, run("--work-minutes", "50-10"));
        assertTrue(err().startsWith("--work-minutes max must be at least min (50), got 10"), err());
        err.reset();
        assertEquals(SimulateCli.USAGE, run("--failure-rate", "-0.1"));
        assertTrue(err().startsWith("--failure-rate must be a number from 0 to 1, got -0.1"), err());
        err.reset();
        assertEquals(SimulateCli.USAGE, run("--team", dir.resolve("absent.yaml").toString()));
        assertTrue(err().startsWith(dir.resolve("absent.yaml") + ": no such file"), err());
        err.reset();
        assertEquals(SimulateCli.USAGE, run("--team", team.toString(), "--compare", team.toString(), team.toString()));
        assertTrue(err().startsWith("--team and --compare do not go together"), err());
    }

    @Test
    void flagsOverrideTheTeamFile(@TempDir Path dir) throws IOException {
        Path team = Files.writeString(dir.resolve("small.yaml"), "name: small\nagents: 2\nreviewers: 1\n");
        assertEquals(SimulateCli.PASSED, run("--team", team.toString(), "--agents", "3", "--tasks", "30", "--json"));
        JsonNode report = new ObjectMapper().readTree(out());
        assertEquals("small", report.get("team").asText());
        assertEquals(3, report.get("agents").asInt());
        assertEquals(1, report.get("reviewers").asInt());
    }

    @Test
    void compareRunsBothTeamsOnTheSamePlanAndDrawsSideBySide(@TempDir Path dir) throws IOException {
        Path one = Files.writeString(dir.resolve("one.yaml"), "name: one reviewer\nagents: 6\nreviewers: 1\nreview_probability: 0.5\n");
        Path three = Files.writeString(dir.resolve("three.yaml"), "name: three reviewers\nagents: 6\nreviewers: 3\nreview_probability: 0.5\n");
        assertEquals(SimulateCli.PASSED, run("--compare", one.toString(), three.toString(), "--tasks", "150", "--json"));
        JsonNode sides = new ObjectMapper().readTree(out()).get("sides");
        assertEquals(2, sides.size());
        assertEquals("one reviewer", sides.get(0).get("team").asText());
        assertEquals("three reviewers", sides.get(1).get("team").asText());
        for (String count : new String[] {"tasks_done", "abandoned", "changes_requested", "reviews"}) {
            assertEquals(sides.get(0).get("counts").get(count), sides.get(1).get("counts").get(count),
                    count + ": the same plan and the same draws per task on both sides");
        }
        assertTrue(sides.get(0).get("simulated_minutes").asLong() >= sides.get(1).get("simulated_minutes").asLong(),
                "one reviewer is never faster than three");

        out.reset();
        assertEquals(SimulateCli.PASSED, run("--compare", one.toString(), three.toString(), "--tasks", "150"));
        assertTrue(out().contains("one reviewer") && out().contains("three reviewers"), out());
        assertTrue(out().endsWith("Result:         PASS" + System.lineSeparator()), out());
    }

    @Test
    void aPlanFileThatAssignsAnAgentATeamDoesNotHaveIsRefusedBeforeEitherTeamRuns(@TempDir Path dir) throws IOException {
        Path plan = Files.writeString(dir.resolve("plan.json"), """
                {"goals": [{"type": "goal", "title": "Docs", "priority": "low", "tasks": [
                    {"title": "Guide", "type": "work", "priority": "low"}]}],
                 "assignments": [{"goal": 0, "agent": 2}]}
                """);
        Path big = Files.writeString(dir.resolve("big.yaml"), "agents: 4\n");
        Path small = Files.writeString(dir.resolve("small.yaml"), "agents: 2\n");
        assertEquals(SimulateCli.USAGE, run("--compare", big.toString(), small.toString(), "--plan", plan.toString()));
        assertEquals(plan + ": assigns a goal to agent 2, but team \"small\" has 2 agents (numbered from 0)" + System.lineSeparator(), err());
        assertEquals("", out(), "neither team ran");
    }
}
