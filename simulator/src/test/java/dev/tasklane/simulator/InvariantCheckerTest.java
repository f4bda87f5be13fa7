package dev.tasklane.simulator;

import dev.tasklane.domain.task.TaskType;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static dev.tasklane.simulator.LogEvent.Kind.ABANDONED;
import static dev.tasklane.simulator.LogEvent.Kind.CLAIMED;
import static dev.tasklane.simulator.LogEvent.Kind.CLOCK;
import static dev.tasklane.simulator.LogEvent.Kind.DONE;
import static dev.tasklane.simulator.LogEvent.Kind.REWORK;
import static dev.tasklane.simulator.LogEvent.Kind.TO_REVIEW;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class InvariantCheckerTest {
    private static final Instant T0 = Instant.parse("2026-01-05T09:00:00Z");
    private static final Duration TTL = Duration.ofMinutes(60);

    private final InvariantChecker checker = new InvariantChecker(Map.of(
            "W1", new TaskFacts("W1", TaskType.WORK, List.of(), List.of("src/a.java")),
            "W2", new TaskFacts("W2", TaskType.WORK, List.of("W1"), List.of("src/a.java")),
            "W3", new TaskFacts("W3", TaskType.WORK, List.of(), List.of("src/b.java"))), TTL);

    /** Writes a log by hand: each event takes the next two sequence numbers. */
    private static final class Script {
        private final List<LogEvent> events = new ArrayList<>();
        private long sequence;
        private Instant now = T0;

        Script at(Duration sinceStart) {
            now = T0.plus(sinceStart);
            return event(-1, CLOCK, null);
        }

        Script event(int agent, LogEvent.Kind kind, String task) {
            events.add(new LogEvent(++sequence, ++sequence, now, agent, kind, task));
            return this;
        }

        List<LogEvent> log() {
            return events;
        }
    }

    private static Script orderly() {
        return new Script()
                .event(0, CLAIMED, "W1").event(1, CLAIMED, "W3")
                .at(Duration.ofMinutes(10)).event(0, DONE, "W1").event(0, CLAIMED, "W2")
                .at(Duration.ofMinutes(20)).event(1, TO_REVIEW, "W3").event(0, DONE, "W2")
                .at(Duration.ofMinutes(30)).event(1, REWORK, "W3")
                .at(Duration.ofMinutes(40)).event(1, TO_REVIEW, "W3")
                .at(Duration.ofMinutes(50)).event(1, DONE, "W3");
    }

    private static InvariantResult named(List<InvariantResult> results, String name) {
        return results.stream().filter(r -> r.name().equals(name)).findFirst().orElseThrow();
    }

    @Test
    void anOrderlyLogPassesEveryInvariant() {
        List<InvariantResult> results = checker.check(orderly().log());
        assertEquals(List.of(InvariantChecker.SINGLE_HOLDER, InvariantChecker.DONE_ONCE, InvariantChecker.DEPENDENCIES_FIRST,
                InvariantChecker.KEY_FILES_EXCLUSIVE), results.stream().map(InvariantResult::name).toList());
        assertTrue(results.stream().allMatch(InvariantResult::passed), results.toString());
    }

    @Test
    void aSecondClaimWhileTheFirstHolderWorksBreaksSingleHolder() {
        Script log = new Script().event(0, CLAIMED, "W3").at(Duration.ofMinutes(10)).event(1, CLAIMED, "W3")
                .at(Duration.ofMinutes(20)).event(0, DONE, "W3");
        InvariantResult result = named(checker.check(log.log()), InvariantChecker.SINGLE_HOLDER);
        assertEquals(1, result.violations());
        assertEquals("W3: agent-1 claimed it while agent-0 still held it", result.examples().get(0));
    }

    @Test
    void anAbandonedClaimHoldsUntilItsLeaseRunsOut() {
        Script early = new Script().event(0, CLAIMED, "W3").event(0, ABANDONED, "W3")
                .at(Duration.ofMinutes(50)).event(1, CLAIMED, "W3").event(1, DONE, "W3");
        assertEquals(1, named(checker.check(early.log()), InvariantChecker.SINGLE_HOLDER).violations());
        Script afterExpiry = new Script().event(0, CLAIMED, "W3").event(0, ABANDONED, "W3")
                .at(Duration.ofMinutes(60)).event(1, CLAIMED, "W3").event(1, DONE, "W3");
        assertTrue(named(checker.check(afterExpiry.log()), InvariantChecker.SINGLE_HOLDER).passed());
    }

    @Test
    void aHoldEndsWhereTheRefusedCompletionBeganSoOverlappingCallsAreNoProof() {
        List<LogEvent> racing = List.of(
                new LogEvent(1, 2, T0, 0, CLAIMED, "W3"),
                new LogEvent(5, 8, T0, 0, LogEvent.Kind.LOST, "W3"),
                new LogEvent(6, 7, T0, 1, CLAIMED, "W3"),
                new LogEvent(9, 10, T0, 1, DONE, "W3"));
        assertTrue(named(checker.check(racing), InvariantChecker.SINGLE_HOLDER).passed());
    }

    @Test
    void aTaskDoneTwiceOrNeverBreaksDoneOnce() {
        Script log = orderly().event(0, DONE, "W1");
        log.events.removeIf(e -> e.kind() == DONE && e.task().equals("W3"));
        InvariantResult result = named(checker.check(log.log()), InvariantChecker.DONE_ONCE);
        assertEquals(List.of("W1 reached Done 2 times", "W3 reached Done 0 times"), result.examples());
    }

    @Test
    void aClaimBeforeTheDependencyIsDoneBreaksDependenciesFirst() {
        Script log = new Script().event(0, CLAIMED, "W1").event(1, CLAIMED, "W2")
                .at(Duration.ofMinutes(10)).event(0, DONE, "W1").event(1, DONE, "W2");
        InvariantResult result = named(checker.check(log.log()), InvariantChecker.DEPENDENCIES_FIRST);
        assertEquals(List.of("W2 was claimed before its dependency W1 was done"), result.examples());
    }

    @Test
    void twoTasksWithTheSameKeyFileInDoingAtOnceBreakKeyFilesExclusive() {
        Script log = new Script().event(0, CLAIMED, "W1").event(1, CLAIMED, "W2").event(2, CLAIMED, "W3")
                .at(Duration.ofMinutes(10)).event(0, DONE, "W1").event(1, DONE, "W2").event(2, DONE, "W3");
        InvariantResult result = named(checker.check(log.log()), InvariantChecker.KEY_FILES_EXCLUSIVE);
        assertEquals(List.of("src/a.java: W2 (agent-1) entered Doing while W1 (agent-0) was still there"), result.examples());
    }
}
