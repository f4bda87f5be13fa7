package dev.tasklane.simulator;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.tasklane.domain.flow.FlowReport;
import dev.tasklane.domain.flow.FlowWindow;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/** Writes a {@link SimulationResult} for people (text) or for scripts (JSON, the same figures). */
final class ReportFormatter {
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    private static final double NANOS_PER_MICRO = 1_000.0;

    private ReportFormatter() {
    }

    static String text(SimulationResult result) {
        Metrics m = result.metrics();
        Latencies.Percentiles claim = result.claimLatency();
        Latencies.Percentiles wait = result.blockedWait();
        StringBuilder out = new StringBuilder();
        line(out, "Tasklane simulation: %d agents, %d reviewers, %d tasks in %d goals, seed %d, %d check threads, engine %s",
                result.config().agents(), result.config().reviewers(), result.tasks(), result.goals(), result.config().seed(),
                result.config().threads(), result.config().engine().flag());
        line(out, "Team:           %s", team(result.config().team()));
        line(out, "Wall time:      %s setup, %s run, %s checks (%d simulated steps, %s of simulated time)",
                seconds(result.setup()), seconds(result.run()), seconds(result.phases().check()), result.steps(),
                days(result.simulated()));
        line(out, "Processor time: %s during the setup, %s during the run (%s on the turns' thread), %,.0f tasks per processor "
                        + "second of the run (%,.0f per second of the turns' thread)", seconds(result.phases().setupCpu()),
                seconds(result.runCpu()), seconds(result.phases().turnsCpu()), result.tasksPerCpuSecond(),
                result.tasksPerTurnsCpuSecond());
        if (result.stalled()) {
            line(out, "Stopped:        no task reached Done in %d steps; the run was cut short", Sweeper.STALL_STEPS);
        }
        line(out, "Throughput:     %,.0f transitions/s, %,.0f tasks/s (%,d transitions, %,d tasks done, %d/%d goals done)",
                result.transitionsPerSecond(), result.tasksPerSecond(), m.transitions.sum(), m.tasksDone.sum(),
                result.goalsCompleted(), result.goals());
        line(out, "Claims:         %,d claimed of %,d attempts; %,d refused (a key file, the assignment, the WIP limit), %,d gave up for a step",
                m.claims.sum(), m.claimAttempts.sum(), m.claimConflicts.sum(), m.claimGiveUps.sum());
        line(out, "Claim latency:  p50 %s, p90 %s, p99 %s, max %s (%,d calls)",
                micros(claim.p50()), micros(claim.p90()), micros(claim.p99()), micros(claim.max()), claim.count());
        line(out, "Leases:         %,d abandoned, %,d returned to Ready by the sweeper, %,d completions refused (lease lost), %,d heartbeats",
                m.abandoned.sum(), m.expiredBySweeper.sum(), m.lostLeases.sum(), m.heartbeats.sum());
        line(out, "Reviews:        %,d decisions, %,d changes requested; %,d after_goal reports",
                m.reviews.sum(), m.changesRequested.sum(), m.afterGoalsReported.sum());
        line(out, "Blocked wait:   p50 %d min, p90 %d min, p99 %d min, max %d min (simulated; %,d tasks, last dependency done -> claimed)",
                wait.p50(), wait.p90(), wait.p99(), wait.max(), wait.count());
        flow(out, result.flow(), result.awaitingInput());
        line(out, "Invariants:");
        for (InvariantResult invariant : result.invariants()) {
            line(out, "  %s %-20s %s%s", invariant.passed() ? "PASS" : "FAIL", invariant.name(), invariant.description(),
                    invariant.passed() ? "" : " (" + invariant.violations() + " violations)");
            invariant.examples().forEach(example -> line(out, "         - %s", example));
        }
        line(out, "Replay:         event-log digest %s (the same seed gives the same digest, whatever --threads)", result.digestHex());
        line(out, "Result:         %s", result.passed() ? "PASS" : "FAIL");
        return out.toString();
    }

    static String json(SimulationResult result) {
        return write(tree(result));
    }

    /** Two or more runs side by side, one column each, for --compare. */
    static String compareText(List<SimulationResult> results) {
        SimulationResult first = results.get(0);
        StringBuilder out = new StringBuilder();
        line(out, "Tasklane comparison: %d tasks in %d goals, seed %d: every team works through the same plan with the same draws",
                first.tasks(), first.goals(), first.config().seed());
        List<String[]> rows = new ArrayList<>();
        rows.add(row(results, "", r -> r.config().team().name()));
        rows.add(row(results, "Agents", r -> String.valueOf(r.config().agents())));
        rows.add(row(results, "Reviewers", r -> String.valueOf(r.config().reviewers())));
        rows.add(row(results, "Review probability", r -> share(r.config().team().reviewProbability())));
        rows.add(row(results, "Rework probability", r -> share(r.config().team().reworkProbability())));
        rows.add(row(results, "Failure rate", r -> share(r.config().team().failureRate())));
        rows.add(row(results, "Work time", r -> r.config().team().workMinutes().describe()));
        rows.add(row(results, "Review time", r -> r.config().team().reviewMinutes().describe()));
        rows.add(row(results, "Question rate", r -> share(r.config().team().questionRate())));
        rows.add(row(results, "Answer time", r -> r.config().team().answerMinutes().describe()));
        rows.add(row(results, "WIP limit", r -> r.config().team().wipLimit() == null ? "none" : String.valueOf(r.config().team().wipLimit())));
        rows.add(row(results, "Simulated time", r -> days(r.simulated())));
        rows.add(row(results, "Tasks done", r -> String.format(Locale.ROOT, "%,d of %,d", r.metrics().tasksDone.sum(), r.tasks())));
        rows.add(row(results, "Goals done", r -> r.goalsCompleted() + " of " + r.goals()));
        rows.add(row(results, "Claims", r -> String.format(Locale.ROOT, "%,d", r.metrics().claims.sum())));
        rows.add(row(results, "Abandoned claims", r -> String.format(Locale.ROOT, "%,d", r.metrics().abandoned.sum())));
        rows.add(row(results, "Review decisions", r -> String.format(Locale.ROOT, "%,d (%,d changes requested)",
                r.metrics().reviews.sum(), r.metrics().changesRequested.sum())));
        rows.add(row(results, "Throughput", r -> String.format(Locale.ROOT, "%,.0f a day", perDay(r.flow()))));
        rows.add(row(results, "Cycle time p50/p85/p95", r -> percentiles(r.flow().cycleTime())));
        rows.add(row(results, "Lead time p50/p85/p95", r -> percentiles(r.flow().leadTime())));
        rows.add(row(results, "Review wait p50/p85/p95", r -> percentiles(r.flow().reviewWait())));
        rows.add(row(results, "Awaiting input p50/p90", r -> r.awaitingInput().count() == 0 ? "none"
                : duration(Duration.ofMinutes(r.awaitingInput().p50())) + " / " + duration(Duration.ofMinutes(r.awaitingInput().p90()))));
        rows.add(row(results, "Backlog wait p50/p85/p95", r -> percentiles(r.flow().backlogWait())));
        rows.add(row(results, "Rework", r -> String.format(Locale.ROOT, "%,d tasks, %,d times",
                r.flow().rework().tasksSentBack(), r.flow().rework().timesSentBack())));
        rows.add(row(results, "Blocked wait p50/p90", r -> r.blockedWait().p50() + " / " + r.blockedWait().p90() + " min"));
        rows.add(row(results, "Run (wall, processor)", r -> seconds(r.run()) + ", " + seconds(r.runCpu())));
        rows.add(row(results, "Invariants", r -> r.passed() ? "PASS" : "FAIL"));
        rows.add(row(results, "Event-log digest", SimulationResult::digestHex));
        table(out, rows);
        for (SimulationResult result : results) {
            for (InvariantResult invariant : result.invariants()) {
                if (!invariant.passed()) {
                    line(out, "FAIL %s (%s): %s, %d violations", invariant.name(), result.config().team().name(),
                            invariant.description(), invariant.violations());
                    invariant.examples().forEach(example -> line(out, "  - %s", example));
                }
            }
        }
        line(out, "Result:         %s", results.stream().allMatch(SimulationResult::passed) ? "PASS" : "FAIL");
        return out.toString();
    }

    /** The JSON report of each run, under {@code sides}, in the order given. */
    static String compareJson(List<SimulationResult> results) {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("seed", results.get(0).config().seed());
        root.put("sides", results.stream().map(ReportFormatter::tree).toList());
        root.put("passed", results.stream().allMatch(SimulationResult::passed));
        return write(root);
    }

    /** The flow figures of the run: what the domain's flow functions computed from the event log. */
    private static void flow(StringBuilder out, FlowReport flow, Latencies.Percentiles awaiting) {
        FlowWindow window = flow.window();
        line(out, "Flow:           on the simulated clock, %s to %s (UTC), work and defect tasks, by the flow functions of docs/rules.md",
                window.first(), window.last());
        line(out, "  Throughput:   %,d tasks done, %,.0f a day on average, %,d on the busiest day (%d days)",
                flow.throughput().total(), perDay(flow), busiest(flow), window.length());
        figure(out, "Cycle time:  ", flow.cycleTime(), "first claim -> Done");
        figure(out, "Lead time:   ", flow.leadTime(), "creation -> Done");
        figure(out, "Review wait: ", flow.reviewWait(), "each move into Review -> the reviewer's decision, summed per task");
        line(out, "  Awaiting input: %s (%,d questions; each question -> a person's answer)", awaiting.count() == 0 ? "none"
                : "p50 " + duration(Duration.ofMinutes(awaiting.p50())) + ", p90 " + duration(Duration.ofMinutes(awaiting.p90()))
                + ", max " + duration(Duration.ofMinutes(awaiting.max())), awaiting.count());
        figure(out, "Backlog wait:", flow.backlogWait(), "creation -> first claim");
        line(out, "  Rework:       %,d tasks sent back, %,d times in all", flow.rework().tasksSentBack(), flow.rework().timesSentBack());
    }

    private static void figure(StringBuilder out, String label, FlowReport.DurationFigure figure, String span) {
        line(out, "  %s %s (%,d tasks; %s)", label, figure.count() == 0 ? "none" : "p50 " + duration(figure.p50()) + ", p85 "
                + duration(figure.p85()) + ", p95 " + duration(figure.p95()), figure.count(), span);
    }

    /** Tasks done per day of the window, on average. */
    static double perDay(FlowReport flow) {
        return flow.throughput().total() / (double) flow.window().length();
    }

    static long busiest(FlowReport flow) {
        return flow.throughput().perDay().stream().mapToLong(FlowReport.DayCount::count).max().orElse(0);
    }

    /** p50 / p85 / p95 of a figure; "none" without a task. */
    static String percentiles(FlowReport.DurationFigure figure) {
        return figure.count() == 0 ? "none" : duration(figure.p50()) + " / " + duration(figure.p85()) + " / " + duration(figure.p95());
    }

    /** A simulated duration in days, hours and minutes ("1d 2h 30m", "2h 0m", "40m"). */
    static String duration(Duration duration) {
        long minutes = duration.toMinutes();
        if (minutes < 60) {
            return minutes + "m";
        }
        return (minutes >= 1440 ? minutes / 1440 + "d " : "") + (minutes % 1440) / 60 + "h " + minutes % 60 + "m";
    }

    private static Map<String, Object> flowTree(FlowReport flow) {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("window", Map.of("from", flow.window().first().toString(), "to", flow.window().last().toString(), "tz", "UTC"));
        Map<String, Object> throughput = new LinkedHashMap<>();
        throughput.put("total", flow.throughput().total());
        throughput.put("per_day", flow.throughput().perDay().stream()
                .map(day -> Map.of("date", day.date().toString(), "count", day.count())).toList());
        root.put("throughput", throughput);
        root.put("cycle_time", figureTree(flow.cycleTime()));
        root.put("lead_time", figureTree(flow.leadTime()));
        root.put("review_wait", figureTree(flow.reviewWait()));
        root.put("backlog_wait", figureTree(flow.backlogWait()));
        root.put("rework", Map.of("tasks_sent_back", flow.rework().tasksSentBack(), "times_sent_back", flow.rework().timesSentBack()));
        root.put("cumulative_flow", flow.cumulativeFlow().stream().map(day -> {
            Map<String, Object> counts = new LinkedHashMap<>();
            counts.put("date", day.date().toString());
            counts.put("ready", day.ready());
            counts.put("doing", day.doing());
            counts.put("review", day.review());
            counts.put("done", day.done());
            return counts;
        }).toList());
        return root;
    }

    /** A duration figure in seconds, null percentiles without a task (as {@code GET /api/metrics} writes it). */
    private static Map<String, Object> figureTree(FlowReport.DurationFigure figure) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("count", figure.count());
        out.put("p50_s", figure.p50() == null ? null : figure.p50().toSeconds());
        out.put("p85_s", figure.p85() == null ? null : figure.p85().toSeconds());
        out.put("p95_s", figure.p95() == null ? null : figure.p95().toSeconds());
        return out;
    }

    private static String[] row(List<SimulationResult> results, String label, Function<SimulationResult, String> value) {
        String[] row = new String[results.size() + 1];
        row[0] = label;
        for (int i = 0; i < results.size(); i++) {
            row[i + 1] = value.apply(results.get(i));
        }
        return row;
    }

    /** Rows as columns padded to their widest cell. */
    private static void table(StringBuilder out, List<String[]> rows) {
        int[] widths = new int[rows.get(0).length];
        for (String[] row : rows) {
            for (int c = 0; c < row.length; c++) {
                widths[c] = Math.max(widths[c], row[c].length());
            }
        }
        for (String[] row : rows) {
            StringBuilder line = new StringBuilder();
            for (int c = 0; c < row.length; c++) {
                line.append(c == 0 ? "" : "   ").append(row[c]).append(" ".repeat(widths[c] - row[c].length()));
            }
            out.append(line.toString().stripTrailing()).append(System.lineSeparator());
        }
    }

    private static String team(TeamConfig team) {
        return String.format(Locale.ROOT, "%s: %d agents, %d reviewers; review probability %s, rework probability %s, "
                        + "failure rate %s; work %s, review %s", team.name(), team.agents(), team.reviewers(),
                share(team.reviewProbability()), share(team.reworkProbability()), share(team.failureRate()),
                team.workMinutes().describe(), team.reviewMinutes().describe())
                + (team.questionRate() == 0 ? "" : String.format(Locale.ROOT, "; question rate %s, answer %s",
                        share(team.questionRate()), team.answerMinutes().describe()))
                + (team.wipLimit() == null ? "" : "; WIP limit " + team.wipLimit());
    }

    private static String share(double value) {
        return String.format(Locale.ROOT, "%.2f", value);
    }

    private static Map<String, Object> tree(SimulationResult result) {
        Metrics m = result.metrics();
        Map<String, Object> root = new LinkedHashMap<>();
        TeamConfig team = result.config().team();
        root.put("team", team.name());
        root.put("agents", result.config().agents());
        root.put("reviewers", result.config().reviewers());
        root.put("threads", result.config().threads());
        root.put("review_probability", team.reviewProbability());
        root.put("rework_probability", team.reworkProbability());
        root.put("failure_rate", team.failureRate());
        root.put("work_minutes", team.workMinutes().describe());
        root.put("review_minutes", team.reviewMinutes().describe());
        root.put("question_rate", team.questionRate());
        root.put("answer_minutes", team.answerMinutes().describe());
        root.put("wip_limit", team.wipLimit());
        root.put("engine", result.config().engine().flag());
        root.put("seed", result.config().seed());
        root.put("goals", result.goals());
        root.put("tasks", result.tasks());
        root.put("setup_seconds", result.setup().toMillis() / 1000.0);
        root.put("setup_cpu_seconds", result.phases().setupCpu().toMillis() / 1000.0);
        root.put("run_seconds", result.run().toMillis() / 1000.0);
        root.put("run_cpu_seconds", result.runCpu().toMillis() / 1000.0);
        root.put("run_turns_cpu_seconds", result.phases().turnsCpu().toMillis() / 1000.0);
        root.put("tasks_per_turns_cpu_second", Math.round(result.tasksPerTurnsCpuSecond()));
        root.put("check_seconds", result.phases().check().toMillis() / 1000.0);
        root.put("simulated_minutes", result.simulated().toMinutes());
        root.put("steps", result.steps());
        root.put("stalled", result.stalled());
        root.put("transitions_per_second", Math.round(result.transitionsPerSecond()));
        root.put("tasks_per_second", Math.round(result.tasksPerSecond()));
        root.put("tasks_per_cpu_second", Math.round(result.tasksPerCpuSecond()));
        root.put("counts", Map.ofEntries(
                Map.entry("transitions", m.transitions.sum()), Map.entry("tasks_done", m.tasksDone.sum()),
                Map.entry("goals_done", (long) result.goalsCompleted()), Map.entry("claim_attempts", m.claimAttempts.sum()),
                Map.entry("claims", m.claims.sum()), Map.entry("claim_conflicts", m.claimConflicts.sum()),
                Map.entry("claim_give_ups", m.claimGiveUps.sum()), Map.entry("abandoned", m.abandoned.sum()),
                Map.entry("expired_by_sweeper", m.expiredBySweeper.sum()), Map.entry("lost_leases", m.lostLeases.sum()),
                Map.entry("heartbeats", m.heartbeats.sum()),
                Map.entry("reviews", m.reviews.sum()), Map.entry("changes_requested", m.changesRequested.sum()),
                Map.entry("after_goal_reports", m.afterGoalsReported.sum()), Map.entry("questions", m.questions.sum()),
                Map.entry("answers", m.answers.sum())));
        root.put("claim_latency_us", percentiles(result.claimLatency(), NANOS_PER_MICRO));
        root.put("blocked_wait_minutes", percentiles(result.blockedWait(), 1));
        root.put("awaiting_input_minutes", percentiles(result.awaitingInput(), 1));
        root.put("invariants", result.invariants().stream().map(ReportFormatter::invariant).toList());
        root.put("flow", flowTree(result.flow()));
        root.put("log_digest", result.digestHex());
        root.put("passed", result.passed());
        return root;
    }

    private static String write(Map<String, Object> root) {
        try {
            return JSON.writeValueAsString(root) + System.lineSeparator();
        } catch (JsonProcessingException impossible) {
            throw new IllegalStateException("a report of maps, numbers and strings always serialises", impossible);
        }
    }

    private static Map<String, Object> percentiles(Latencies.Percentiles values, double divisor) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("count", values.count());
        out.put("p50", values.p50() / divisor);
        out.put("p90", values.p90() / divisor);
        out.put("p99", values.p99() / divisor);
        out.put("max", values.max() / divisor);
        return out;
    }

    private static Map<String, Object> invariant(InvariantResult invariant) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("name", invariant.name());
        out.put("description", invariant.description());
        out.put("passed", invariant.passed());
        out.put("violations", invariant.violations());
        out.put("examples", List.copyOf(invariant.examples()));
        return out;
    }

    private static void line(StringBuilder out, String format, Object... values) {
        out.append(String.format(Locale.ROOT, format, values)).append(System.lineSeparator());
    }

    private static String seconds(Duration duration) {
        return String.format(Locale.ROOT, "%.1f s", duration.toMillis() / 1000.0);
    }

    private static String days(Duration duration) {
        return duration.toDays() + "d " + duration.toHoursPart() + "h " + duration.toMinutesPart() + "m";
    }

    private static String micros(long nanos) {
        return String.format(Locale.ROOT, "%.0f us", nanos / NANOS_PER_MICRO);
    }
}
