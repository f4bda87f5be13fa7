package dev.tasklane.domain.flow;

import dev.tasklane.domain.flow.TaskFlow.FlowEvent;

import dev.tasklane.domain.error.ErrorDetails;
import dev.tasklane.domain.error.InvalidInputException;
import dev.tasklane.domain.flow.TaskFlow.FlowEvent.Kind;
import dev.tasklane.domain.history.HistoryEntry;
import dev.tasklane.domain.history.HistoryFacts;
import dev.tasklane.domain.history.HistoryKind;
import dev.tasklane.domain.id.TaskId;
import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.task.Status;
import dev.tasklane.domain.task.ReviewStatus;
import dev.tasklane.domain.task.TaskType;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The definitions of docs/rules.md, "Flow metrics", one example each. */
class FlowRulesTest {
    private static final Instant NOW = Instant.parse("2026-03-15T12:00:00Z");
    private static final FlowAgent ADA = new FlowAgent(UserId.of(1), "ada");

    @Test
    void eachFigureRunsFromItsStartEventToItsEndEvent() {
        Instant t = Instant.parse("2026-03-10T00:00:00Z");
        TaskTimeline timeline = new TaskTimeline("W1", TaskType.WORK, List.of(
                FlowEvent.of(t, Kind.CREATED, null),
                FlowEvent.of(t.plusSeconds(100), Kind.CLAIMED, ADA),
                FlowEvent.of(t.plusSeconds(150), Kind.RELEASED, ADA),
                FlowEvent.of(t.plusSeconds(200), Kind.CLAIMED, ADA),
                FlowEvent.of(t.plusSeconds(300), Kind.TO_REVIEW, ADA),
                new FlowEvent(t.plusSeconds(350), Kind.DECIDED, null, ReviewStatus.CHANGES_REQUESTED),
                FlowEvent.of(t.plusSeconds(360), Kind.SENT_BACK, ADA),
                FlowEvent.of(t.plusSeconds(400), Kind.TO_REVIEW, ADA),
                new FlowEvent(t.plusSeconds(470), Kind.DECIDED, null, ReviewStatus.APPROVED),
                FlowEvent.of(t.plusSeconds(500), Kind.DONE, ADA)));
        TaskFlow flow = TaskFlow.fold(timeline);
        assertEquals(Duration.ofSeconds(400), flow.cycleTime().orElseThrow(), "first claim to Done");
        assertEquals(Duration.ofSeconds(500), flow.leadTime().orElseThrow(), "creation to Done");
        assertEquals(Duration.ofSeconds(100), flow.backlogWait().orElseThrow(), "creation to first claim");
        assertEquals(Duration.ofSeconds(50 + 70), flow.reviewWait().orElseThrow(), "each entry into Review to its decision");
        assertEquals(1, flow.timesSentBack());
        assertEquals(t.plusSeconds(400), flow.enteredReviewAt());
        FlowReport report = FlowMetrics.fromTimelines(List.of(timeline), FlowWindow.lastDays(7, NOW, ZoneOffset.UTC), NOW,
                FlowSettings.defaults(), null);
        FlowReport.DayFigures day = report.byDay().stream().filter(d -> d.date().equals(LocalDate.parse("2026-03-10")))
                .findFirst().orElseThrow();
        assertEquals(Duration.ofSeconds(400), day.cycleP85());
        assertEquals(Duration.ofSeconds(120), day.reviewWaitP50());
        assertNull(report.byDay().get(0).leadP50(), "a day without a finished task has no figure");
        assertEquals(t.plusSeconds(470), flow.reviewDecisionAt());
        assertEquals(ADA, flow.agent());
    }

    @Test
    void selectionFindsTheSameValueAsSortingWithManyTies() {
        long seed = new java.util.Random().nextLong();
        java.util.Random random = new java.util.Random(seed);
        for (int run = 0; run < 2_000; run++) {
            long[] values = new long[1 + random.nextInt(60)];
            for (int i = 0; i < values.length; i++) {
                values[i] = random.nextInt(1 + random.nextInt(8));
            }
            long[] sorted = values.clone();
            java.util.Arrays.sort(sorted);
            int k = random.nextInt(values.length);
            assertEquals(sorted[k], FlowMetrics.select(values, k), "seed " + seed + ", run " + run);
        }
    }

    @Test
    void aMarkDoneWithoutADecisionEndsTheReviewWait() {
        Instant t = Instant.parse("2026-03-10T00:00:00Z");
        TaskFlow flow = TaskFlow.fold(new TaskTimeline("W1", TaskType.WORK, List.of(FlowEvent.of(t, Kind.CREATED, null),
                FlowEvent.of(t.plusSeconds(10), Kind.CLAIMED, ADA), FlowEvent.of(t.plusSeconds(20), Kind.TO_REVIEW, ADA),
                FlowEvent.of(t.plusSeconds(90), Kind.DONE, null))));
        assertEquals(Duration.ofSeconds(70), flow.reviewWait().orElseThrow());
    }

    @Test
    void anEmptyBoardAnswersZeroCountsAndNullPercentiles() {
        FlowReport report = FlowMetrics.fromTimelines(List.of(), FlowWindow.lastDays(14, NOW, ZoneOffset.UTC), NOW,
                FlowSettings.defaults(), null);
        assertEquals(0, report.throughput().total());
        assertEquals(14, report.throughput().perDay().size());
        assertEquals(0, report.cycleTime().count());
        assertNull(report.cycleTime().p50());
        assertNull(report.reviewWait().previousP50());
        assertEquals(14, report.cumulativeFlow().size());
        assertEquals(List.of(), report.agents());
    }

    @Test
    void historyEntriesMapToFlowEvents() {
        TaskId id = TaskId.of(1);
        UserId user = UserId.of(7);
        Instant at = NOW;
        assertEquals(Kind.DONE, FlowEvent.fromHistory(new HistoryEntry(id, HistoryKind.COMPLETED, at, user, "a", HistoryFacts.NONE)).kind());
        assertEquals(Kind.RELEASED, FlowEvent.fromHistory(new HistoryEntry(id, HistoryKind.CLAIM_EXPIRED, at, null, "a",
                new HistoryFacts.ClaimExpired(at))).kind());
        FlowEvent decided = FlowEvent.fromHistory(new HistoryEntry(id, HistoryKind.REVIEWED, at, user, null,
                new HistoryFacts.Reviewed("rejected")));
        assertEquals(ReviewStatus.REJECTED, decided.decision());
        assertNull(decided.actor(), "a person's decision is no agent's activity");
        assertEquals(new FlowAgent(user, "a"), FlowEvent.fromHistory(new HistoryEntry(id, HistoryKind.HEARTBEAT, at, user, "a",
                HistoryFacts.NONE)).actor());
    }

    @Test
    void agentStatesFollowClaimsReviewsAndQuietTime() {
        FlowSettings settings = FlowSettings.defaults();
        assertEquals(AgentState.WORKING, FlowMetrics.state(NOW, settings, NOW.minus(Duration.ofMinutes(30)), true, false));
        assertEquals(AgentState.STUCK, FlowMetrics.state(NOW, settings, NOW.minus(Duration.ofMinutes(31)), true, false));
        assertEquals(AgentState.WAITING_FOR_REVIEW, FlowMetrics.state(NOW, settings, NOW.minus(Duration.ofDays(20)), false, true));
        assertEquals(AgentState.IDLE, FlowMetrics.state(NOW, settings, NOW.minus(Duration.ofDays(13)), false, false));
        assertEquals(AgentState.DORMANT, FlowMetrics.state(NOW, settings, NOW.minus(Duration.ofDays(14)), false, false));
        FlowSettings quick = new FlowSettings(Duration.ofMinutes(5), Duration.ofDays(1));
        assertEquals(AgentState.STUCK, FlowMetrics.state(NOW, quick, NOW.minus(Duration.ofMinutes(6)), true, false));
    }

    @Test
    void stuckAgentsComeFirstWithTheirTaskAndLease() {
        FlowAgent bob = new FlowAgent(UserId.of(1), "bob");
        Instant lease = NOW.plus(Duration.ofMinutes(20));
        FlowInput input = new FlowInput(FlowWindow.lastDays(7, NOW, ZoneOffset.UTC), NOW, FlowSettings.defaults(), List.of(),
                Map.of(Status.IN_PROGRESS, 2L), List.of(),
                List.of(new AgentActivity(ADA, NOW.minusSeconds(60)), new AgentActivity(bob, NOW.minus(Duration.ofHours(2)))),
                List.of(new HeldTask("W1", Status.IN_PROGRESS, ADA, lease), new HeldTask("W2", Status.IN_PROGRESS, bob, lease)), null);
        List<FlowReport.AgentFigures> agents = FlowMetrics.compute(input).agents();
        assertEquals(List.of(AgentState.STUCK, AgentState.WORKING), agents.stream().map(FlowReport.AgentFigures::state).toList());
        assertEquals("W2", agents.get(0).currentTask());
        assertEquals(lease, agents.get(0).leaseExpiresAt());
        assertNull(agents.get(0).reworkRate(), "no task done: no rate");
    }

    @Test
    void badParametersAreRefusedNamingTheParameter() {
        assertEquals("window", refused("0d", null, null, null));
        assertEquals("window", refused("367d", null, null, null));
        assertEquals("window", refused("two weeks", null, null, null));
        assertEquals("from", refused(null, "2026-03-10", "2026-03-01", null));
        assertEquals("to", refused(null, "2026-03-10", null, null));
        assertEquals("from", refused(null, "10/03/2026", "2026-03-12", null));
        assertEquals("to", refused(null, "2025-01-01", "2026-03-12", null));
        assertEquals("tz", refused(null, null, null, "Mars/Olympus"));
        assertEquals("window", refused("7d", "2026-03-01", "2026-03-02", null));
        FlowWindow window = FlowWindow.parse(null, "2026-03-01", "2026-03-14", "Europe/Paris", NOW);
        assertEquals(14, window.length());
        assertEquals(LocalDate.parse("2026-02-15"), window.previous().first());
        assertEquals(Instant.parse("2026-02-28T23:00:00Z"), window.start());
        assertEquals(14, FlowWindow.parse(null, null, null, null, NOW).length());
        assertEquals(LocalDate.parse("2026-03-15"), FlowWindow.parse("7d", null, null, null, NOW).last());
    }

    @Test
    void anUnknownAgentIsRefusedNamingTheParameter() {
        InvalidInputException refused = assertThrows(InvalidInputException.class, () -> FlowMetrics.fromTimelines(List.of(),
                FlowWindow.lastDays(7, NOW, ZoneOffset.UTC), NOW, FlowSettings.defaults(), "nobody"));
        assertEquals(new ErrorDetails.Field("agent"), refused.details());
    }

    private static String refused(String window, String from, String to, String tz) {
        InvalidInputException refused = assertThrows(InvalidInputException.class, () -> FlowWindow.parse(window, from, to, tz, NOW));
        return ((ErrorDetails.Field) refused.details()).field();
    }
}
