package dev.tasklane.bench;

import com.fasterxml.jackson.databind.SerializationFeature;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;

/**
 * Writes a run's figures: {@code bench/results.json} (every key), {@code docs/benchmarks-throughput.svg}
 * (throughput against agent count, drawn here) and {@code docs/benchmarks.md} (the figures against their
 * targets, how each was measured, and what bounds it; the prose on bounds is {@code bench/bounds.md}, kept
 * by hand beside the script and copied in).
 */
final class Report {
    private Report() {
    }

    static void write(Path root, Results results) throws IOException {
        Files.createDirectories(root.resolve("bench"));
        Files.createDirectories(root.resolve("docs"));
        Files.writeString(root.resolve("bench/results.json"),
                Api.JSON.copy().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(results.values) + "\n");
        Files.writeString(root.resolve("docs/benchmarks-throughput.svg"), svg(results.throughput));
        Path bounds = root.resolve("bench/bounds.md");
        String boundsText = Files.exists(bounds) ? Files.readString(bounds) : "";
        Files.writeString(root.resolve("docs/benchmarks.md"), markdown(results, boundsText));
    }

    private static String markdown(Results r, String bounds) {
        Map<String, Object> v = r.values;
        @SuppressWarnings("unchecked")
        Map<String, Object> machine = (Map<String, Object>) v.get("machine");
        StringBuilder md = new StringBuilder();
        md.append("# Benchmarks\n\n");
        md.append("Written by `bench/run.sh` (module `benchmarks`); do not edit by hand: edit `bench/bounds.md` or the bench.\n");
        md.append("Machine-readable figures: [`bench/results.json`](../bench/results.json).\n\n");
        md.append(String.format(Locale.ROOT, "Run %s to %s%s on %s cores, %s GiB, PostgreSQL %s, Java %s.%n%n",
                v.get("started_at"), v.get("finished_at"), Boolean.TRUE.equals(v.get("quick")) ? " (**--quick**: small sizes)" : "",
                machine.get("cores"), machine.get("memory_gib"), machine.get("postgresql"), machine.get("java")));
        if (v.containsKey("load_average_at_start")) {
            md.append(String.format(Locale.ROOT, "Load average (1 minute) at the start and the end of the run: %s and %s.%n%n",
                    v.get("load_average_at_start"), v.get("load_average_at_end")));
        }
        java.util.List<Object> partialRuns = new java.util.ArrayList<>();
        if (v.get("partial_run") instanceof Map<?, ?> single) {
            partialRuns.add(single);
        }
        if (v.get("partial_runs") instanceof java.util.List<?> runs) {
            partialRuns.addAll(runs);
        }
        if (!partialRuns.isEmpty()) {
            md.append("Pieces measured again later by a partial run, whose figures replace the full run's:\n\n");
        }
        for (int i = 0; i < partialRuns.size(); i++) {
            Map<?, ?> partial = (Map<?, ?>) partialRuns.get(i);
            md.append(String.format(Locale.ROOT, "- `--only %s` at %s, load average %s to %s%n%s",
                    String.join(",", ((java.util.List<?>) partial.get("only")).stream().map(String::valueOf).toList()),
                    partial.get("at"), partial.get("load_average_at_start"), partial.get("load_average_at_end"),
                    i == partialRuns.size() - 1 ? "\n" : ""));
        }
        md.append("## Figures against targets\n\n");
        md.append("| Figure | Key | Measured | Target |\n|---|---|---|---|\n");
        row(md, "Outside client, tasks in goals of 10, server-picked claim, 8 agents, over the bare loop",
                "claim_ratio_goals_pg_8", v, "≥ 0.2");
        row(md, "The same, cycle p50 at 1 agent, ms", "cycle_p50_ms_goals_pg_1", v, "≤ 3");
        row(md, "What goals cost over standalone tasks, 8 agents (1 − goals / standalone cycles/s, both server-picked)",
                "goals_cost_pg_8", v, "≤ 0.10");
        row(md, "Process start to 90 % of the steady state under load, s (bin/tasklane on " + v.get("warm_jdk") + ")",
                "warm_s", v, "≤ 15");
        row(md, "Easy case (lean client, standalone tasks, next + claim by id), 8 agents, over the bare loop",
                "claim_ratio_pg_8", v, "≥ 0.2");
        row(md, "Easy case, cycle p50 at 1 agent, ms", "cycle_p50_ms_pg_1", v, "≤ 3");
        row(md, "Database transactions per 8-agent cycle (`xact_commit`: the claim's and the completion's; next answers from its snapshot)",
                "commits_per_cycle_pg_8", v, "2");
        row(md, "Server processor time per 8-agent cycle, ms (the server process's CPU over the level, no profiler)",
                "server_cpu_ms_per_cycle_pg_8", v, "≤ 1.5");
        row(md, "Of which its JIT compilers, ms (after `server_warm_s` of load until they rest)",
                "server_jit_ms_per_cycle_pg_8", v, "—");
        row(md, "PostgreSQL's processor time per 8-agent cycle, ms (every `postgres` process of the machine)",
                "pg_cpu_ms_per_cycle_pg_8", v, "—");
        row(md, "The same for the bare loop's claim and completion, ms (over its measured window, its connections open)",
                "baseline_pg_cpu_ms_per_cycle_pg_8", v, "—");
        row(md, "The load generator's processor time per 8-agent cycle, ms (the bench process: its agents and its JIT)",
                "load_cpu_ms_per_cycle_pg_8", v, "—");
        row(md, "Claim throughput, 1 agent, over the bare loop", "claim_ratio_pg_1", v, "—");
        row(md, "Claim throughput, 32 agents, over the bare loop", "claim_ratio_pg_32", v, "—");
        row(md, "Backlog: p50 at the largest backlog over p50 at 1,000, in memory", "backlog_ratio_memory", v, "≤ 1.5");
        row(md, "Backlog: the same on PostgreSQL", "backlog_ratio_pg", v, "≤ 1.5");
        row(md, "Simulation, 64 agents, claim-and-complete cycles/s (tasks done per second of the run; the set-up, "
                + "`sim_setup_s`, is not in it)", "sim_cycles_per_s", v, "≥ 200,000");
        row(md, "Start-up to the first /health on the H2 default, `bin/tasklane` with its class-data archive, s (median of 5)",
                "startup_s", v, "< 1.0");
        row(md, "The same on an existing H2 data directory (a restart), s (median of 5)", "startup_existing_s", v, "< 1.0");
        row(md, "Start-up as plain `java -jar tasklane.jar`, no archive, s (median of 5)", "startup_plain_s", v, "—");
        row(md, "The same on an existing H2 data directory, s (median of 5)", "startup_plain_existing_s", v, "—");
        row(md, "Heap per million tasks in memory, MB", "heap_mb_per_million_tasks", v, "—");
        row(md, "Worst request body under the caps, ms (median of 5 of the slowest body on a warm server, named by "
                + "`worst_request_body`: " + v.get("worst_request_body") + "), PostgreSQL", "worst_request_ms", v, "≤ 50");
        row(md, "The same on the in-memory store (" + v.get("worst_request_body_memory") + ")", "worst_request_ms_memory",
                v, "≤ 50");
        row(md, "Web board page of 2,000 tasks, in memory, ms (median of 15 after 5 warm-up)", "board_2000_load_ms", v, "—");
        row(md, "Flow metrics of a board with 100,000 tasks finished in the 14-day window, in memory, ms (p50 of 21 after 10 "
                + "warm-up, through the use case)", "metrics_100k_ms_memory", v, "≤ 100");
        row(md, "The same on PostgreSQL, ms", "metrics_100k_ms_pg", v, "≤ 300");
        row(md, "Flow metrics: p50 of a second board with the same window and " + v.get("metrics_outside_tasks") + " more tasks "
                + "finished before it, over the first board's p50 (timed alternately), in memory", "metrics_history_ratio_memory", v, "≤ 1.5");
        row(md, "The same on PostgreSQL", "metrics_history_ratio_pg", v, "≤ 1.5");
        row(md, "Supervision: a person's stop (`POST /api/tasks/:id/stop`, sent after the web's undo window, which is not"
                + " counted) to the last process of `tasklane agent`'s work command gone, PostgreSQL, p50 ms",
                "stop_to_gone_ms_p50", v, "≤ 5,000");
        row(md, "The same, p95 ms", "stop_to_gone_ms_p95", v, "≤ 5,000");
        row(md, "Supervision: a person's answer to the return of the holder's waiting call (client library, `wait=30`),"
                + " PostgreSQL, p50 ms", "answer_to_return_ms_p50", v, "≤ 1,000");
        row(md, "The same, p95 ms", "answer_to_return_ms_p95", v, "≤ 1,000");
        md.append("\n## The claim cycle by workload, beside the bare loop\n\n");
        md.append("Each row is one level of the same run; the ratio divides by the bare loop at the same agent count.\n\n");
        md.append("| Workload | Agents | Cycles/s | p50 / p99 ms | Over the bare loop | Requests per cycle | Client CPU ms per cycle"
                + " | Server CPU ms per cycle |\n|---|---|---|---|---|---|---|---|\n");
        String[][] workloads = {{"", "easy case: lean client, standalone, next + claim by id"},
                {"byid_", "outside client, standalone, next + claim by id"},
                {"standalone_", "outside client, standalone, server-picked claim"},
                {"goals_", "outside client, goals of 10, server-picked claim"},
                {"stride_", "outside client, goals of 10, Stride plugin's requests"}};
        for (String[] workload : workloads) {
            for (int a : new int[] {1, 8, 32}) {
                String k = workload[0] + "pg_" + a;
                if (!v.containsKey("claims_per_s_" + k)) {
                    continue;
                }
                Object client = workload[0].isEmpty() ? v.get("load_cpu_ms_per_cycle_pg_" + a) : v.get("client_cpu_ms_per_cycle_" + k);
                Object requests = workload[0].isEmpty() ? "3" : v.get("requests_per_cycle_" + k);
                md.append(String.format(Locale.ROOT, "| %s | %d | %s | %s / %s | %s | %s | %s | %s |%n", workload[1], a,
                        v.get("claims_per_s_" + k), v.get("cycle_p50_ms_" + k), v.get("cycle_p99_ms_" + k),
                        v.get("claim_ratio_" + k), requests, client, v.get("server_cpu_ms_per_cycle_" + k)));
            }
        }
        for (int a : new int[] {1, 8, 32}) {
            if (v.containsKey("baseline_claims_per_s_pg_" + a)) {
                md.append(String.format(Locale.ROOT, "| bare SKIP LOCKED loop (JDBC, %s connections) | %d | %s | — | 1 | — | — | — |%n",
                        v.get("baseline_connections_pg_" + a), a, v.get("baseline_claims_per_s_pg_" + a)));
            }
        }
        md.append("\n## Warm-up: process start to speed\n\n");
        Object warm = v.get("warm_s") == null ? "not reached within " + v.get("warm_curve_s") + " s of load"
                : v.get("warm_s") + " s";
        md.append(String.format(Locale.ROOT, "`warm_s` %s: bin/tasklane on %s, first /health after %s s, steady state %s cycles/s"
                        + " (8 outside agents, goals, server-picked). Cycles per second from process start: %s.%n%n",
                warm, v.get("warm_jdk"), v.get("warm_live_s"), v.get("warm_steady_cycles_per_s"),
                v.get("warm_curve_cycles_per_s")));
        if (v.containsKey("warm_lever_s")) {
            md.append("Each way to start, one after the other on the same backlog, the database vacuumed and checkpointed before each"
                    + " (`--only warm`, " + v.get("warm_lever_s")
                    + " s each):\n\n| Way to start | First /health s | Steady cycles/s (last 10 s) | warm_s (own steady) "
                    + "| warm_s (fastest steady) |\n|---|---|---|---|---|\n");
            String[][] ways = {{"jdk17_plain", "JDK 17, java -jar"}, {"jdk17_cds", "JDK 17, bin/tasklane (CDS archive)"},
                    {"jdk17_cds_c1", "JDK 17, bin/tasklane, -XX:TieredStopAtLevel=1"}, {"jdk25_plain", "JDK 25, java -jar"},
                    {"jdk25_aot", "JDK 25, bin/tasklane (AOT cache)"}};
            for (String[] way : ways) {
                if (v.containsKey("warm_live_s_" + way[0])) {
                    md.append(String.format(Locale.ROOT, "| %s | %s | %s | %s | %s |%n", way[1], v.get("warm_live_s_" + way[0]),
                            v.get("warm_steady_cycles_per_s_" + way[0]), v.get("warm_s_" + way[0]),
                            v.get("warm_s_vs_best_" + way[0])));
                }
            }
            md.append('\n');
        }
        md.append("\n![Throughput against agent count, easy case and bare loop](benchmarks-throughput.svg)\n\n");
        md.append("## Backlog independence: next + claim latency\n\n");
        md.append("| Store | Ready tasks | p50 ms | p99 ms | max ms |\n|---|---|---|---|---|\n");
        r.backlogs.forEach((store, sizes) -> sizes.forEach((size, stats) -> md.append(String.format(Locale.ROOT,
                "| %s | %,d | %.3f | %.3f | %.3f |%n", store, size, stats.p50(), stats.p99(), stats.max()))));
        md.append("\n## Supervision latencies\n\n| Figure | Store | p50 ms | p95 ms | max ms |\n|---|---|---|---|---|\n");
        for (String store : new String[] {"", "_h2"}) {
            for (String figure : new String[] {"stop_to_gone_ms", "stop_to_exit_ms", "answer_to_return_ms",
                    "answer_to_return_ms_http", "answer_to_return_ms_mcp"}) {
                if (v.containsKey(figure + "_p50" + store)) {
                    md.append(String.format(Locale.ROOT, "| `%s` | %s | %s | %s | %s |%n", figure,
                            store.isEmpty() ? "PostgreSQL" : "H2", v.get(figure + "_p50" + store),
                            v.get(figure + "_p95" + store), v.get(figure + "_max" + store)));
                }
            }
        }
        md.append("\n## Other figures\n\nEvery key of the run is in `bench/results.json`; these are the ones the tables above"
                + " leave out.\n\n| Piece | Figures |\n|---|---|\n");
        group(md, v, "Creation", "create_tasks_per_s_pg", "create_goal_tasks_per_s_pg");
        group(md, v, "Simulation", "sim_tasks", "sim_transitions_per_s", "sim_run_s", "sim_passed", "sim_setup_s",
                "sim_check_s", "sim_setup_cpu_s", "sim_run_cpu_s", "sim_tasks_per_cpu_s");
        group(md, v, "In-memory cycle", "jmh_inmemory_cycles_per_s", "inmemory_cycle_cpu_us", "inmemory_cycle_bytes");
        group(md, v, "Start-up", "startup_runs_s", "startup_ready_s", "startup_existing_runs_s", "startup_existing_ready_s",
                "startup_plain_runs_s", "startup_plain_existing_runs_s", "startup_cpu_s", "startup_existing_cpu_s",
                "startup_plain_cpu_s", "startup_plain_existing_cpu_s", "startup_archive_current");
        group(md, v, "Worst request", "worst_request_max_ms", "worst_request_body", "worst_request_ms_by_body",
                "worst_request_cold_ms", "worst_request_cold_body", "worst_request_warm_posts", "worst_request_cold_ms_memory",
                "worst_request_cold_body_memory");
        group(md, v, "Web board", "board_2000_load_max_ms", "board_2000_page_kb");
        group(md, v, "Flow metrics", "metrics_100k_p99_ms_memory", "metrics_100k_p99_ms_pg", "metrics_history_ms_memory",
                "metrics_history_ms_pg", "metrics_outside_tasks", "metrics_100k_cpu_ms_memory", "metrics_100k_jvm_cpu_ms_pg");
        md.append('\n').append(bounds);
        return md.toString();
    }

    /** One row of "Other figures": the keys of one piece that the run holds, each with its value. */
    private static void group(StringBuilder md, Map<String, Object> v, String piece, String... keys) {
        java.util.List<String> figures = new java.util.ArrayList<>();
        for (String key : keys) {
            if (v.containsKey(key)) {
                figures.add("`" + key + "` " + v.get(key));
            }
        }
        if (!figures.isEmpty()) {
            md.append("| ").append(piece).append(" | ").append(String.join("; ", figures)).append(" |\n");
        }
    }

    private static void row(StringBuilder md, String what, String key, Map<String, Object> v, String target) {
        md.append("| ").append(what).append(" | `").append(key).append("` | ").append(v.get(key)).append(" | ")
                .append(target).append(" |\n");
    }

    /** A line chart, log-free and self-contained: cycles/s against agents, Tasklane and the bare loop. */
    static String svg(Map<Integer, double[]> throughput) {
        int width = 640;
        int height = 360;
        int left = 70;
        int right = 30;
        int top = 30;
        int bottom = 50;
        double max = 1;
        for (double[] values : throughput.values()) {
            max = Math.max(max, Math.max(values[0], values[1]));
        }
        max = niceCeiling(max);
        int maxAgents = throughput.isEmpty() ? 1 : ((java.util.TreeMap<Integer, double[]>) throughput).lastKey();
        StringBuilder svg = new StringBuilder();
        svg.append(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
                + "viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" font-size=\"12\">%n", width, height, width, height));
        svg.append(String.format(Locale.ROOT, "<rect width=\"%d\" height=\"%d\" fill=\"white\"/>%n", width, height));
        svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"18\" font-size=\"14\">Claim + complete cycles/s on PostgreSQL "
                + "against concurrent agents</text>%n", left));
        int plotW = width - left - right;
        int plotH = height - top - bottom;
        for (int i = 0; i <= 4; i++) {
            double value = max * i / 4;
            double y = top + plotH - plotH * i / 4.0;
            svg.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#ddd\"/>%n",
                    left, y, left + plotW, y));
            svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%.0f</text>%n", left - 6, y + 4, value));
        }
        for (int agents : throughput.keySet()) {
            double x = left + plotW * agents / (double) maxAgents;
            svg.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%d</text>%n", x, top + plotH + 18, agents));
        }
        svg.append(String.format(Locale.ROOT, "<text x=\"14\" y=\"%d\" text-anchor=\"middle\" transform=\"rotate(-90 14 %d)\">"
                + "cycles/s</text>%n", top + plotH / 2, top + plotH / 2));
        svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">agents (HTTP) / connections (loop)</text>%n",
                left + plotW / 2, height - 10));
        String[] colours = {"#1f77b4", "#d62728"};
        String[] names = {"Tasklane over HTTP", "bare SKIP LOCKED loop"};
        for (int series = 0; series < 2; series++) {
            StringBuilder points = new StringBuilder();
            for (Map.Entry<Integer, double[]> level : throughput.entrySet()) {
                double x = left + plotW * level.getKey() / (double) maxAgents;
                double y = top + plotH - plotH * level.getValue()[series] / max;
                points.append(String.format(Locale.ROOT, "%.1f,%.1f ", x, y));
                svg.append(String.format(Locale.ROOT, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3\" fill=\"%s\"/>%n", x, y, colours[series]));
            }
            svg.append(String.format(Locale.ROOT, "<polyline points=\"%s\" fill=\"none\" stroke=\"%s\" stroke-width=\"2\"/>%n",
                    points.toString().trim(), colours[series]));
            int ly = top + 12 + series * 18;
            svg.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\" stroke-width=\"2\"/>%n",
                    left + 10, ly, left + 30, ly, colours[series]));
            svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\">%s</text>%n", left + 35, ly + 4, names[series]));
        }
        svg.append("</svg>\n");
        return svg.toString();
    }

    private static double niceCeiling(double value) {
        double magnitude = Math.pow(10, Math.floor(Math.log10(value)));
        for (double step : new double[] {1, 2, 2.5, 5, 10}) {
            if (step * magnitude >= value) {
                return step * magnitude;
            }
        }
        return 10 * magnitude;
    }
}
