package dev.tasklane.simulator;

import dev.tasklane.adapter.inmemory.InMemoryStores;
import dev.tasklane.domain.flow.FlowReport;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The HTML report: every figure and chart of the run (of each team with --compare), and nothing loaded from elsewhere. */
class HtmlReportTest {
    private static SimulationResult one;
    private static SimulationResult three;

    private static SimulationResult run(String name, int reviewers) throws InterruptedException {
        SimulationConfig config = new SimulationConfig(new TeamConfig(name, 8, reviewers, 0.4, 0.3, 0.05,
                TeamConfig.DEFAULT_WORK, TeamConfig.DEFAULT_REVIEW), 3, 2);
        Plan plan = new PlanGenerator(config.seed(), 300, config.agents(), config.reviewShare()).generate(300);
        InMemoryStores stores = InMemoryStores.create();
        return new Simulation(stores.tasks(), stores.directory(), stores.transactions()).run(config, plan, ProgressBar.off());
    }

    @BeforeAll
    static void runBoth() throws InterruptedException {
        one = run("one <reviewer>", 1);
        three = run("three reviewers", 3);
    }

    /** Every figure of the run's flow, as the report writes it. */
    private static List<String> figures(SimulationResult result) {
        FlowReport flow = result.flow();
        return List.of(String.format(Locale.ROOT, "%,d tasks done", flow.throughput().total()),
                String.format(Locale.ROOT, "%,.0f", ReportFormatter.perDay(flow)),
                ReportFormatter.percentiles(flow.cycleTime()), ReportFormatter.percentiles(flow.leadTime()),
                ReportFormatter.percentiles(flow.reviewWait()), ReportFormatter.percentiles(flow.backlogWait()),
                String.format(Locale.ROOT, "%,d tasks sent back, %,d times", flow.rework().tasksSentBack(), flow.rework().timesSentBack()),
                result.digestHex());
    }

    private static List<String> chartTitles(String html) {
        Matcher titles = Pattern.compile("<title id=\"[^\"]+-title\">([^<]*)</title>").matcher(html);
        return titles.results().map(match -> match.group(1)).toList();
    }

    private static void assertSelfContained(String html) {
        assertTrue(html.startsWith("<!DOCTYPE html>"));
        String lower = html.toLowerCase(Locale.ROOT);
        for (String loads : new String[] {"<script", "<link", "<img", "<iframe", "<object", "src=", "href=", "url(", "@import"}) {
            assertFalse(lower.contains(loads), "loads nothing: " + loads);
        }
        assertEquals(lower.split("http", -1).length - 1, lower.split("xmlns=\"http://www.w3.org/2000/svg\"", -1).length - 1,
                "no address but the SVG namespace");
    }

    @Test
    void theReportOfOneRunHasEveryFigureAndChartAndLoadsNothing() {
        String html = HtmlReport.page(List.of(one));
        assertSelfContained(html);
        for (String figure : figures(one)) {
            assertTrue(html.contains(figure.replace("<", "&lt;").replace(">", "&gt;")), figure);
        }
        assertEquals(List.of("Tasks done per day", "How long work takes and waits", "Cycle time and review wait per day",
                "Lead time per day", "Cumulative flow"), chartTitles(html));
        assertTrue(html.contains("one &lt;reviewer&gt;") && !html.contains("one <reviewer>"), "the team's name is escaped");
        assertTrue(html.contains("<td class=\"n pass\">PASS</td>"));
        assertTrue(html.contains("agent-7"), "the per-agent table");
    }

    @Test
    void theReportOfAComparisonHasBothTeamsFiguresAndChartsSideBySide() {
        String html = HtmlReport.page(List.of(one, three));
        assertSelfContained(html);
        for (SimulationResult side : List.of(one, three)) {
            for (String figure : figures(side)) {
                assertTrue(html.contains(figure), side.config().team().name() + ": " + figure);
            }
        }
        assertEquals(List.of("Tasks done per day", "Cycle time percentiles", "Review wait percentiles", "Lead time percentiles",
                "Cycle time p85 per day", "Review wait p85 per day", "Cumulative flow (one &lt;reviewer&gt;)",
                "Cumulative flow (three reviewers)"), chartTitles(html));
        assertTrue(html.contains("<th scope=\"col\">one &lt;reviewer&gt;</th><th scope=\"col\">three reviewers</th>"));
    }

    @Test
    void reportWritesThePageAndRefusesAMissingDirectoryBeforeRunning(@TempDir Path dir) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
        PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8);
        Path report = dir.resolve("run.html");
        assertEquals(SimulateCli.PASSED, SimulateCli.run(new String[] {"--agents", "3", "--tasks", "40", "--report", report.toString()}, o, e));
        String html = Files.readString(report);
        assertSelfContained(html);
        assertTrue(html.contains("40 tasks done"), html);
        assertEquals(SimulateCli.USAGE, SimulateCli.run(new String[] {"--report", dir.resolve("no/such/run.html").toString()}, o, e));
        assertTrue(err.toString(StandardCharsets.UTF_8).startsWith("--report: the directory "), err.toString(StandardCharsets.UTF_8));
    }
}
