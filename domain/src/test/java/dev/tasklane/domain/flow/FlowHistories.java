package dev.tasklane.domain.flow;

import dev.tasklane.domain.flow.TaskFlow.FlowEvent;

import dev.tasklane.domain.flow.TaskFlow.FlowEvent.Kind;
import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.task.ReviewStatus;
import dev.tasklane.domain.task.TaskType;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Generated task histories that follow the board's transitions (docs/rules.md, "Transitions"): claims, releases,
 * reviews with every decision, rework, Done with and without review, heartbeats, tasks left anywhere.
 */
final class FlowHistories {
    static final List<FlowAgent> AGENTS = List.of(new FlowAgent(UserId.of(1), "ada"), new FlowAgent(UserId.of(1), "bob"),
            new FlowAgent(UserId.of(2), "ada"), new FlowAgent(UserId.of(2), "cy"), new FlowAgent(UserId.of(3), "dee"));

    private FlowHistories() {
    }

    /** {@code tasks} timelines created between {@code from} and {@code from + spanDays}. */
    static List<TaskTimeline> generate(Random random, int tasks, Instant from, int spanDays) {
        List<TaskTimeline> timelines = new ArrayList<>();
        for (int i = 1; i <= tasks; i++) {
            Instant at = from.plusMillis((long) (random.nextDouble() * Duration.ofDays(spanDays).toMillis()));
            TaskType type = random.nextInt(10) == 0 ? TaskType.DEFECT : random.nextInt(20) == 0 ? TaskType.GOAL : TaskType.WORK;
            List<FlowEvent> events = new ArrayList<>();
            events.add(FlowEvent.of(at, Kind.CREATED, null));
            if (type != TaskType.GOAL) {
                walk(random, events, at);
            }
            timelines.add(new TaskTimeline((type == TaskType.DEFECT ? "D" : type == TaskType.GOAL ? "G" : "W") + i, type, events));
        }
        return timelines;
    }

    private static void walk(Random random, List<FlowEvent> events, Instant start) {
        Instant at = start;
        String column = "ready";
        FlowAgent agent = null;
        for (int step = 0; step < 12; step++) {
            at = at.plusMillis(1 + (long) (random.nextDouble() * random.nextDouble() * Duration.ofDays(3).toMillis()));
            int roll = random.nextInt(100);
            switch (column) {
                case "ready" -> {
                    if (roll < 15) {
                        return;
                    }
                    agent = AGENTS.get(random.nextInt(AGENTS.size()));
                    events.add(FlowEvent.of(at, Kind.CLAIMED, agent));
                    column = "doing";
                }
                case "doing" -> {
                    if (roll < 8) {
                        return;
                    } else if (roll < 20) {
                        events.add(FlowEvent.of(at, Kind.RELEASED, random.nextBoolean() ? agent : null));
                        column = "ready";
                    } else if (roll < 35) {
                        events.add(FlowEvent.of(at, Kind.ACTIVITY, agent));
                    } else if (roll < 70) {
                        events.add(FlowEvent.of(at, Kind.TO_REVIEW, agent));
                        column = "review";
                    } else {
                        events.add(FlowEvent.of(at, Kind.DONE, agent));
                        return;
                    }
                }
                default -> {
                    if (roll < 10) {
                        return;
                    } else if (roll < 20) {
                        events.add(FlowEvent.of(at, Kind.DONE, null));
                        return;
                    }
                    ReviewStatus decision = roll < 60 ? ReviewStatus.APPROVED
                            : roll < 80 ? ReviewStatus.CHANGES_REQUESTED : ReviewStatus.REJECTED;
                    events.add(new FlowEvent(at, Kind.DECIDED, null, decision));
                    if (random.nextInt(10) == 0) {
                        return;
                    }
                    at = at.plusMillis(1 + random.nextInt(3_600_000));
                    if (decision == ReviewStatus.APPROVED) {
                        events.add(FlowEvent.of(at, Kind.DONE, agent));
                        return;
                    }
                    events.add(FlowEvent.of(at, Kind.SENT_BACK, agent));
                    column = "doing";
                }
            }
        }
    }
}
