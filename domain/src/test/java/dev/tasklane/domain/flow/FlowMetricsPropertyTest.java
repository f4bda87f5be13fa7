package dev.tasklane.domain.flow;

import dev.tasklane.domain.flow.TaskFlow.FlowEvent;
import dev.tasklane.domain.flow.TaskFlow.MoveCount;

import dev.tasklane.domain.flow.TaskFlow.FlowEvent.Kind;
import dev.tasklane.domain.flow.FlowReport.DayColumns;
import dev.tasklane.domain.flow.FlowReport.DurationFigure;
import dev.tasklane.domain.task.TaskType;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The flow figures against a second, independent computation over the same generated histories (seed printed;
 * rerun one with {@code -Dflow.seed=...}): throughput per day and in total, every percentile of every duration,
 * rework and the cumulative flow, in several time zones, and again with the moves counted in rollup buckets.
 */
class FlowMetricsPropertyTest {
    private static final List<ZoneId> ZONES = List.of(ZoneId.of("UTC"), ZoneId.of("Europe/Paris"),
            ZoneId.of("America/New_York"), ZoneId.of("Asia/Kolkata"), ZoneId.of("Asia/Kathmandu"));
    private static final Instant ORIGIN = Instant.parse("2026-01-01T00:00:00Z");

    @Test
    void everyFigureAgreesWithAnIndependentRecomputation() {
        long seed = Long.getLong("flow.seed", new Random().nextLong());
        System.out.println("FlowMetricsPropertyTest seed " + seed);
        Random random = new Random(seed);
        for (int run = 0; run < 40; run++) {
            List<TaskTimeline> timelines = FlowHistories.generate(random, 5 + random.nextInt(300), ORIGIN, 60);
            ZoneId zone = ZONES.get(random.nextInt(ZONES.size()));
            int days = List.of(1, 7, 14, 30).get(random.nextInt(4));
            Instant now = ORIGIN.plus(Duration.ofDays(10 + random.nextInt(60))).plusMillis(random.nextInt(86_400_000));
            FlowWindow window = FlowWindow.lastDays(days, now, zone);
            String where = "seed " + seed + ", run " + run + ", " + days + " days in " + zone + " to " + now;

            FlowReport report = FlowMetrics.fromTimelines(truncate(timelines, now), window, now, FlowSettings.defaults(), null);
            Recount expected = new Recount(truncate(timelines, now), window);

            assertEquals(expected.doneIn(window), report.throughput().total(), where + ": throughput");
            assertEquals(expected.doneIn(window.previous()), report.throughput().previousTotal(), where + ": previous throughput");
            for (FlowReport.DayCount day : report.throughput().perDay()) {
                assertEquals(expected.doneOn(day.date()), day.count(), where + ": throughput on " + day.date());
            }
            check(where + ": cycle", expected.samples(window, Recount::cycle), expected.samples(window.previous(), Recount::cycle), report.cycleTime());
            check(where + ": lead", expected.samples(window, Recount::lead), expected.samples(window.previous(), Recount::lead), report.leadTime());
            check(where + ": review wait", expected.samples(window, Recount::reviewWait), expected.samples(window.previous(), Recount::reviewWait), report.reviewWait());
            check(where + ": backlog wait", expected.samples(window, Recount::backlogWait), expected.samples(window.previous(), Recount::backlogWait), report.backlogWait());
            assertEquals(expected.rework(window), List.of(report.rework().tasksSentBack(), report.rework().timesSentBack()), where + ": rework");
            assertEquals(expected.cumulativeFlow(), report.cumulativeFlow(), where + ": cumulative flow");

            FlowReport bucketed = FlowMetrics.compute(bucketed(truncate(timelines, now), window, now));
            assertEquals(report.cumulativeFlow(), bucketed.cumulativeFlow(), where + ": cumulative flow from rollup buckets");
        }
    }

    /** The histories as they stood at {@code now}: later events have not happened yet. */
    private static List<TaskTimeline> truncate(List<TaskTimeline> timelines, Instant now) {
        List<TaskTimeline> cut = new ArrayList<>();
        for (TaskTimeline timeline : timelines) {
            List<FlowEvent> events = timeline.events().stream().filter(e -> !e.at().isAfter(now)).toList();
            if (!events.isEmpty()) {
                cut.add(new TaskTimeline(timeline.identifier(), timeline.type(), events));
            }
        }
        return cut;
    }

    /** The input a store with a bucketed rollup would answer for these histories. */
    private static FlowInput bucketed(List<TaskTimeline> timelines, FlowWindow window, Instant now) {
        List<TaskFlow> finished = new ArrayList<>();
        java.util.Map<dev.tasklane.domain.task.Status, Long> open = new java.util.EnumMap<>(dev.tasklane.domain.task.Status.class);
        java.util.Map<String, MoveCount> buckets = new java.util.TreeMap<>();
        for (TaskTimeline timeline : timelines) {
            if (timeline.type() == TaskType.GOAL) {
                continue;
            }
            TaskFlow flow = null;
            for (FlowEvent event : timeline.events()) {
                TaskFlow next = flow == null ? TaskFlow.created(timeline.identifier(), timeline.type(), event.at()) : flow.apply(event);
                var move = MoveCount.between(flow, next, event.at());
                if (move.isPresent() && !event.at().isBefore(window.start())) {
                    Instant bucket = MoveCount.bucketOf(event.at());
                    String key = bucket + " " + move.get().from() + " " + move.get().to();
                    MoveCount old = buckets.get(key);
                    buckets.put(key, new MoveCount(bucket, move.get().from(), move.get().to(), old == null ? 1 : old.count() + 1));
                }
                flow = next;
            }
            if (flow.isDone()) {
                finished.add(flow);
            } else {
                open.merge(flow.column(), 1L, Long::sum);
            }
        }
        return new FlowInput(window, now, FlowSettings.defaults(), finished, open, new ArrayList<>(buckets.values()),
                List.of(), List.of(), null);
    }

    private static void check(String what, List<Long> current, List<Long> previous, DurationFigure figure) {
        assertEquals(current.size(), figure.count(), what + " count");
        assertEquals(smallestCovering(current, 50), seconds(figure.p50()), what + " p50");
        assertEquals(smallestCovering(current, 85), seconds(figure.p85()), what + " p85");
        assertEquals(smallestCovering(current, 95), seconds(figure.p95()), what + " p95");
        assertEquals(smallestCovering(previous, 50), seconds(figure.previousP50()), what + " previous p50");
    }

    private static Long seconds(Duration duration) {
        return duration == null ? null : duration.toMillis();
    }

    /** The smallest sample such that at least p percent of the samples are at or below it (the definition, not a rank). */
    private static Long smallestCovering(List<Long> samples, int p) {
        Long best = null;
        for (long candidate : samples) {
            long atOrBelow = samples.stream().filter(s -> s <= candidate).count();
            if (atOrBelow * 100 >= (long) p * samples.size() && (best == null || candidate < best)) {
                best = candidate;
            }
        }
        return best;
    }

    /** The figures recounted by replaying every history at every moment asked, without the folded rows. */
    private static final class Recount {
        private final List<TaskTimeline> timelines;
        private final FlowWindow window;

        Recount(List<TaskTimeline> timelines, FlowWindow window) {
            this.timelines = timelines.stream().filter(t -> t.type() != TaskType.GOAL).toList();
            this.window = window;
        }

        private static Instant doneAt(TaskTimeline t) {
            Instant done = null;
            for (FlowEvent e : t.events()) {
                if (e.kind() == Kind.DONE) {
                    done = e.at();
                }
            }
            return done;
        }

        private static boolean within(Instant at, FlowWindow w) {
            ZonedDateTime local = at.atZone(w.zone());
            LocalDate day = local.toLocalDate();
            return !day.isBefore(w.first()) && !day.isAfter(w.last());
        }

        long doneIn(FlowWindow w) {
            return timelines.stream().filter(t -> doneAt(t) != null && within(doneAt(t), w)).count();
        }

        long doneOn(LocalDate day) {
            return timelines.stream().filter(t -> doneAt(t) != null && doneAt(t).atZone(window.zone()).toLocalDate().equals(day)).count();
        }

        List<Long> samples(FlowWindow w, java.util.function.Function<TaskTimeline, Long> measure) {
            List<Long> samples = new ArrayList<>();
            for (TaskTimeline t : timelines) {
                if (doneAt(t) != null && within(doneAt(t), w)) {
                    Long value = measure.apply(t);
                    if (value != null) {
                        samples.add(value);
                    }
                }
            }
            return samples;
        }

        static Long cycle(TaskTimeline t) {
            Instant claim = t.events().stream().filter(e -> e.kind() == Kind.CLAIMED).map(FlowEvent::at).findFirst().orElse(null);
            return claim == null ? null : doneAt(t).toEpochMilli() - claim.toEpochMilli();
        }

        static Long lead(TaskTimeline t) {
            return doneAt(t).toEpochMilli() - t.events().get(0).at().toEpochMilli();
        }

        static Long backlogWait(TaskTimeline t) {
            Instant claim = t.events().stream().filter(e -> e.kind() == Kind.CLAIMED).map(FlowEvent::at).findFirst().orElse(null);
            return claim == null ? null : claim.toEpochMilli() - t.events().get(0).at().toEpochMilli();
        }

        static Long reviewWait(TaskTimeline t) {
            Long sum = null;
            Instant since = null;
            for (FlowEvent e : t.events()) {
                if (e.kind() == Kind.TO_REVIEW) {
                    since = e.at();
                    sum = sum == null ? 0 : sum;
                } else if (since != null && (e.kind() == Kind.DECIDED || e.kind() == Kind.SENT_BACK || e.kind() == Kind.DONE)) {
                    sum += e.at().toEpochMilli() - since.toEpochMilli();
                    since = null;
                }
            }
            return sum;
        }

        List<Long> rework(FlowWindow w) {
            long tasks = 0;
            long times = 0;
            for (TaskTimeline t : timelines) {
                if (doneAt(t) != null && within(doneAt(t), w)) {
                    long n = t.events().stream().filter(e -> e.kind() == Kind.SENT_BACK).count();
                    tasks += n > 0 ? 1 : 0;
                    times += n;
                }
            }
            return List.of(tasks, times);
        }

        /** Each task's column at each day's end, found by replaying its events before that moment. */
        List<DayColumns> cumulativeFlow() {
            List<DayColumns> days = new ArrayList<>();
            Instant start = window.first().atStartOfDay(window.zone()).toInstant();
            for (LocalDate day = window.first(); !day.isAfter(window.last()); day = day.plusDays(1)) {
                Instant end = day.plusDays(1).atStartOfDay(window.zone()).toInstant();
                long[] counts = new long[4];
                for (TaskTimeline t : timelines) {
                    String column = null;
                    for (FlowEvent e : t.events()) {
                        if (!e.at().isBefore(end)) {
                            break;
                        }
                        column = switch (e.kind()) {
                            case CREATED, RELEASED -> "ready";
                            case CLAIMED, SENT_BACK -> "doing";
                            case TO_REVIEW -> "review";
                            case DONE -> "done";
                            case DECIDED, ACTIVITY -> column;
                        };
                    }
                    if (column == null) {
                        continue;
                    }
                    switch (column) {
                        case "ready" -> counts[0]++;
                        case "doing" -> counts[1]++;
                        case "review" -> counts[2]++;
                        default -> counts[3] += doneAt(t).isBefore(start) ? 0 : 1;
                    }
                }
                days.add(new DayColumns(day, counts[0], counts[1], counts[2], counts[3]));
            }
            return days;
        }
    }
}
