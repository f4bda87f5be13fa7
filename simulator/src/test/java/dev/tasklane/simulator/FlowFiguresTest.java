package dev.tasklane.simulator;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tasklane.adapter.inmemory.InMemoryStores;
import dev.tasklane.domain.flow.TaskFlow.FlowEvent;
import dev.tasklane.domain.flow.FlowMetrics;
import dev.tasklane.domain.flow.FlowReport;
import dev.tasklane.domain.flow.FlowSettings;
import dev.tasklane.domain.flow.TaskTimeline;
import dev.tasklane.domain.history.HistoryEntry;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.id.TaskId;
import dev.tasklane.domain.task.Task;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The flow figures a run reports are the domain's flow functions applied to the run's history: the figures the
 * simulator computes from its own event log equal those {@link FlowMetrics#fromTimelines} computes from every task's
 * history in the store (read as {@link FlowEvent#fromHistory}, as the server does), and the text and JSON reports
 * print those figures.
 */
class FlowFiguresTest {
    private static SimulationResult result;
    private static FlowReport fromStore;

    @BeforeAll
    static void run() throws InterruptedException {
        SimulationConfig config = new SimulationConfig(new TeamConfig("team", 10, 2, 0.4, 0.4, 0.08,
                new Distribution.LogNormal(40, 120, 300), new Distribution.Uniform(10, 60)), 5, 2);
        Plan plan = new PlanGenerator(config.seed(), 500, config.agents(), config.reviewShare()).generate(500);
        InMemoryStores stores = InMemoryStores.create();
        result = new Simulation(stores.tasks(), stores.directory(), stores.transactions()).run(config, plan, ProgressBar.off());
        assertTrue(result.passed(), ReportFormatter.text(result));
        List<TaskTimeline> timelines = new ArrayList<>();
        for (long id = 1; id <= result.tasks() + result.goals(); id++) {
            Task task = stores.tasks().findById(BoardId.of(1), TaskId.of(id)).orElseThrow();
            List<FlowEvent> events = stores.tasks().history(task.id()).stream().map(FlowEvent::fromHistory).toList();
            timelines.add(new TaskTimeline(task.identifier().toString(), task.type(), events));
        }
        fromStore = FlowMetrics.fromTimelines(timelines, result.flow().window(), Simulation.START.plus(result.simulated()),
                FlowSettings.defaults(), null);
    }

    @Test
    void theRunExercisesEveryFigure() {
        FlowReport flow = result.flow();
        assertEquals(500, flow.throughput().total());
        assertTrue(flow.reviewWait().count() > 0 && flow.rework().timesSentBack() > 0, "reviews and rework happened");
        assertTrue(result.metrics().abandoned.sum() > 0 && result.metrics().heartbeats.sum() > 0, "leases expired and were kept");
        assertTrue(flow.throughput().perDay().size() > 1, "the run spans several days");
    }

    @Test
    void theFiguresFromTheEventLogAreThoseOfTheStoresHistory() {
        FlowReport flow = result.flow();
        assertEquals(fromStore.throughput(), flow.throughput());
        assertEquals(fromStore.cycleTime(), flow.cycleTime());
        assertEquals(fromStore.leadTime(), flow.leadTime());
        assertEquals(fromStore.reviewWait(), flow.reviewWait());
        assertEquals(fromStore.backlogWait(), flow.backlogWait());
        assertEquals(fromStore.rework(), flow.rework());
        assertEquals(fromStore.cumulativeFlow(), flow.cumulativeFlow());
        assertEquals(fromStore.tasks(), flow.tasks(), "every task's stamps, agent, review wait and rework");
        // the store also knows the admin who created the plan under the agent name "planner": the simulated agents alone
        assertEquals(agentFigures(fromStore).stream().filter(a -> a.get(0).toString().contains("agent-")).toList(), agentFigures(flow));
    }

    /** Each agent with its Done count, median cycle time and rework rate. */
    private static List<List<Object>> agentFigures(FlowReport flow) {
        return flow.agents().stream()
                .map(a -> List.<Object>of(a.agent(), a.done(), String.valueOf(a.cycleP50()), String.valueOf(a.reworkRate()))).toList();
    }

    @Test
    void theTextReportPrintsTheFigures() {
        String text = ReportFormatter.text(result);
        FlowReport flow = result.flow();
        for (FlowReport.DurationFigure figure : List.of(flow.cycleTime(), flow.leadTime(), flow.reviewWait(), flow.backlogWait())) {
            String printed = "p50 " + ReportFormatter.duration(figure.p50()) + ", p85 " + ReportFormatter.duration(figure.p85())
                    + ", p95 " + ReportFormatter.duration(figure.p95()) + String.format(" (%,d tasks;", figure.count());
            assertTrue(text.contains(printed), printed + " in\n" + text);
        }
        assertTrue(text.contains(String.format("Throughput:   %,d tasks done", flow.throughput().total())), text);
        assertTrue(text.contains(String.format("Rework:       %,d tasks sent back, %,d times in all",
                flow.rework().tasksSentBack(), flow.rework().timesSentBack())), text);
    }

    @Test
    void theJsonReportCarriesTheFiguresInSeconds() throws IOException {
        JsonNode json = new ObjectMapper().readTree(ReportFormatter.json(result)).get("flow");
        FlowReport flow = result.flow();
        assertEquals(flow.throughput().total(), json.get("throughput").get("total").asLong());
        assertEquals(flow.throughput().perDay().size(), json.get("throughput").get("per_day").size());
        assertEquals(flow.cycleTime().p85().toSeconds(), json.get("cycle_time").get("p85_s").asLong());
        assertEquals(flow.leadTime().p95().toSeconds(), json.get("lead_time").get("p95_s").asLong());
        assertEquals(flow.reviewWait().p50().toSeconds(), json.get("review_wait").get("p50_s").asLong());
        assertEquals(flow.reviewWait().count(), json.get("review_wait").get("count").asLong());
        assertEquals(flow.backlogWait().p50().toSeconds(), json.get("backlog_wait").get("p50_s").asLong());
        assertEquals(flow.rework().timesSentBack(), json.get("rework").get("times_sent_back").asLong());
        assertEquals(flow.cumulativeFlow().size(), json.get("cumulative_flow").size());
    }
}
