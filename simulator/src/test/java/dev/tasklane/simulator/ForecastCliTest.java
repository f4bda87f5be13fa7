package dev.tasklane.simulator;

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

/**
 * {@code tasklane simulate --forecast}: a plan's goals forecast from a team file, through the use cases; and
 * {@code --backtest}'s calibration report.
 */
class ForecastCliTest {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(String... args) {
        return SimulateCli.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private String out() {
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void aPlanIsForecastFromItsTeamFile(@TempDir Path dir) throws IOException {
        Path plan = Files.writeString(dir.resolve("plan.json"), """
                {"goals": [
                  {"type": "goal", "title": "Login", "priority": "high", "tasks": [
                    {"title": "Form", "type": "work", "priority": "high"},
                    {"title": "Check", "type": "work", "priority": "medium", "dependencies": [0]}]}]}
                """);
        Path team = Files.writeString(dir.resolve("team.json"), """
                {"agents": 2, "reviewers": 1, "work_minutes": [60], "review_minutes": [], "rework_share": 0}
                """);
        assertEquals(SimulateCli.PASSED, run("--forecast", plan.toString(), "--team", team.toString(),
                "--due", "2099-01-01", "--runs", "50"), err::toString);
        assertTrue(out().contains("monte_carlo_simulation, 50 runs"), out());
        assertTrue(out().contains("from team_file: 2 agents, 1 reviewers, 2 open tasks"), out());
        assertTrue(out().contains("by the due date 2099-01-02T00:00:00Z: 100 %"), out());

        Path bad = Files.writeString(dir.resolve("bad.json"), "{\"agents\": 0, \"work_minutes\": [1]}");
        assertEquals(SimulateCli.USAGE, run("--forecast", plan.toString(), "--team", bad.toString()));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("agents and reviewers are 1 to"), err::toString);
    }

    @Test
    void theBacktestReportsItsCalibration() {
        assertEquals(SimulateCli.PASSED, run("--backtest", "--trials", "5", "--runs", "50", "--seed", "3"));
        assertTrue(out().contains("back-test: 5 simulated boards, seed 3"), out());
        assertTrue(out().contains("done by p85:"), out());
    }
}
