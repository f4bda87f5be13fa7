package dev.tasklane.bench;

import com.fasterxml.jackson.databind.JsonNode;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The whole benchmark set, in the order bench/run.sh runs it, writing {@code bench/results.json},
 * {@code docs/benchmarks.md} and the chart {@code docs/benchmarks-throughput.svg}. Flags: {@code --root DIR}
 * (the checkout), {@code --seconds S} (measured seconds per throughput level), {@code --warmup S} (unmeasured
 * seconds before each, 2 by default), {@code --sim-tasks N},
 * {@code --quick} (a smoke run: small sizes, short windows), {@code --rewrite} (write the report again from
 * bench/results.json, measuring nothing), {@code --only worst,board,startup,cycle,sim,forecast,claims} (only those pieces, merged into
 * bench/results.json; {@code claims} is the claim throughput at every level with its baseline), {@code --jar PATH} (the server jar to measure, bootstrap/target/tasklane.jar by default),
 * {@code --profile AGENTS} (only the claim load at one level, under JFR). PostgreSQL comes from {@code TASKLANE_BENCH_PG_URL},
 * {@code TASKLANE_BENCH_PG_USER} and {@code TASKLANE_BENCH_PG_PASSWORD}; its public schema is dropped and
 * recreated by every phase.
 */
public final class BenchRun {
    static final int[] AGENT_LEVELS = {1, 8, 32};
    /**
     * The PostgreSQL server's pool (TASKLANE_DB_POOL_SIZE); the baseline uses as many connections at most. Half the
     * largest level: enough that no agent of the 8-agent level waits for a connection, and that the 32 agents queue
     * briefly in the pool instead of running 32 backends on two cores (on the default 10, their borrow waits passed
     * the connect timeout on a loaded machine, answered 503).
     */
    static final int SERVER_POOL = 16;
    static final String ADMIN_TOKEN = "tasklane_bench_admin_token_0123456789abcdefghijklmnop";
    /** The cycles {@code --profile} runs before its measured window, at least (not counted). */
    static final int PROFILE_WARM_CYCLES = 2_000;
    /** The warm-up and the window of each claim level in a full run, also used by {@code --only claims}. */
    static final double CLAIM_WARMUP_S = 2;
    static final double CLAIM_SECONDS = 8;
    /** Tasks of the simulation's plan: the target's size. */
    static final int SIM_TASKS = 1_000_000;
    /** Posts of each worst-case body; the figure is the median. */
    static final int WORST_RUNS = 5;

    private BenchRun() {
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> flags = flags(args);
        boolean quick = flags.containsKey("quick");
        Path root = Path.of(flags.getOrDefault("root", ".")).toAbsolutePath().normalize();
        if (flags.containsKey("rewrite")) {
            Report.write(root, Results.read(root.resolve("bench/results.json")));
            return;
        }
        double seconds = flags.containsKey("seconds") ? Double.parseDouble(flags.get("seconds")) : quick ? 3 : CLAIM_SECONDS;
        double warmup = flags.containsKey("warmup") ? Double.parseDouble(flags.get("warmup")) : quick ? 1 : CLAIM_WARMUP_S;
        int simTasks = Integer.parseInt(flags.getOrDefault("sim-tasks", quick ? "20000" : String.valueOf(SIM_TASKS)));
        long[] backlogSizes = quick ? new long[] {1_000, 10_000, 100_000} : new long[] {1_000, 100_000, 1_000_000};
        PgTarget pg = new PgTarget(env("TASKLANE_BENCH_PG_URL"), env("TASKLANE_BENCH_PG_USER"), env("TASKLANE_BENCH_PG_PASSWORD"));
        Path jar = flags.containsKey("jar") ? Path.of(flags.get("jar")) : root.resolve("bootstrap/target/tasklane.jar");
        Path logs = Files.createDirectories(root.resolve("bench/target"));
        if (flags.containsKey("profile")) {
            if (flags.containsKey("workload")) {
                profileOutside(pg, jar, logs, Integer.parseInt(flags.get("profile")), seconds,
                        OutsideLoad.Workload.valueOf(flags.get("workload").toUpperCase(java.util.Locale.ROOT)));
            } else {
                profileClaims(pg, jar, logs, Integer.parseInt(flags.get("profile")), seconds);
            }
            return;
        }
        if (flags.containsKey("only")) {
            only(root, List.of(flags.get("only").split(",")), pg, jar, logs, warmup, seconds, quick);
            return;
        }
        Results results = new Results();
        results.machine(Runtime.getRuntime().availableProcessors(), memoryGiB(), pg.serverVersion(), System.getProperty("java.version"));
        results.put("load_average_at_start", loadAverage());
        results.put("quick", quick);
        results.put("started_at", Instant.now().toString());

        step("start-up: process start to the first answered /health (and /health/ready), H2 default, fresh and existing"
                + " data directory, bin/tasklane with its archive and plain java -jar, median of " + Startup.RUNS);
        Startup.record(results, root, jar, logs);

        checkpoint(root, results);
        claims(results, pg, jar, logs, warmup, seconds, true, quick ? 20 : WARM_CURVE_S);

        checkpoint(root, results);
        step("backlog independence: next + claim in one JVM, in memory and on PostgreSQL");
        try (Backlogs.Board memory = Backlogs.memory()) {
            results.backlog("memory", Backlogs.measure(memory, backlogSizes, 200, quick ? 300 : 1_000));
        }
        try (Backlogs.Board onPg = Backlogs.postgres(pg)) {
            results.backlog("pg", Backlogs.measure(onPg, backlogSizes, 100, quick ? 200 : 500));
        }

        checkpoint(root, results);
        metrics(results, pg, quick);

        checkpoint(root, results);
        step("heap per million tasks in memory");
        results.put("heap_mb_per_million_tasks", round(HeapPerTask.megabytesPerMillion(quick ? 100_000 : 500_000), 0));

        checkpoint(root, results);
        step("web board load: GET /boards/1 with " + BoardLoad.TASKS + " tasks, in memory");
        BoardLoad.record(results, boardLoad(jar, logs));

        checkpoint(root, results);
        SupervisionLatency.measure(results, pg, postgresEnvironment(pg), jar, logs, quick);

        checkpoint(root, results);
        step("simulation: tasklane simulate --agents 64 --tasks " + simTasks);
        recordSimulation(results, simTasks, simulate(jar, simTasks, logs));

        checkpoint(root, results);
        step("JMH: in-memory claim + complete through the use cases");
        results.put("jmh_inmemory_cycles_per_s", round(jmh(quick), 0));
        step("in-memory cycle cost: processor time and allocation per claim + complete, counted per thread");
        CycleCost.Cost cost = CycleCost.measure(quick ? 20_000 : 100_000);
        results.put("inmemory_cycle_cpu_us", round(cost.cpuMicros(), 2));
        results.put("inmemory_cycle_bytes", cost.bytes());
        forecast(results);

        results.put("load_average_at_end", loadAverage());
        results.put("finished_at", Instant.now().toString());
        Report.write(root, results);
        System.out.println(results.ratiosLine());
    }

    /**
     * {@code --only worst,board,startup,cycle,sim}: only these pieces (the worst request bodies on PostgreSQL, the web board
     * of 2,000 tasks, the start-up on H2, the in-memory cycle cost, the million-task simulation), their figures merged into bench/results.json (a fresh
     * one when there is none) and the report written again; {@code partial_runs} says when and which pieces, so that they
     * are not read as the full run's.
     */
    /**
     * Claim throughput on PostgreSQL: Tasklane over HTTP at each level of {@link #AGENT_LEVELS}, then the bare SKIP
     * LOCKED loop on as many connections (at most the server's pool); with {@code worstToo}, the worst request on the
     * same server after the levels.
     */
    private static void claims(Results results, PgTarget pg, Path jar, Path logs, double warmup, double seconds,
                               boolean worstToo, double curveSeconds) throws Exception {
        step("claim throughput on PostgreSQL: Tasklane over HTTP, the bench's lean client and an outside client, then the"
                + " bare SKIP LOCKED loop");
        Map<Integer, HttpLoad.Level> tasklane = new LinkedHashMap<>();
        Map<String, OutsideLoad.Result> outsideLevels = new LinkedHashMap<>();
        pg.reset();
        Map<String, String> pgEnv = postgresEnvironment(pg);
        OutsideLoad outside;
        step("warm-up curve: a fresh server on a backlog of tasks in goals, " + WarmCurve.AGENTS + " outside agents from its"
                + " first /health, " + (int) curveSeconds + " s");
        try (ServerProcess seeder = ServerProcess.start(jar, List.of(), pgEnv, logs.resolve("server-pg-seed.log"))) {
            outside = new OutsideLoad(seeder.baseUrl(), ADMIN_TOKEN);
            outside.ensureAgents(AGENT_LEVELS[AGENT_LEVELS.length - 1]);
            results.put("create_goal_tasks_per_s_pg", round(outside.seed(OutsideLoad.Workload.GOALS,
                    (int) (WARM_CURVE_RATE * curveSeconds), 4), 0));
        }
        // bin/tasklane as an operator starts it: the JDK it finds, the archive or cache and the JIT it picks itself
        WarmCurve.Launch launch = WarmCurve.defaultLaunched(Runtime.getRuntime().availableProcessors());
        results.put("warm_jdk", launch.jdk());
        results.put("warm_jit", launch.jit());
        WarmCurve curve = WarmCurve.measure(WarmCurve.defaultLaunch(jar), pgEnv,
                logs.resolve("server-pg-warm.log"), outside, ADMIN_TOKEN, curveSeconds, false);
        System.out.println("   cycles per second from process start: " + curve.asList());
        // each level gets four times what the fastest level so far would need (8 agents run close to three times as
        // many cycles as one), so that no level runs dry (a level that does is marked ran_out_of_tasks_pg_N and
        // measured up to that point); the first level assumes 150 cycles/s
        double lastRate = 150;
        try (ServerProcess server = ServerProcess.start(jar, List.of(), pgEnv, logs.resolve("server-pg.log"))) {
            outside = outside.on(server.baseUrl(), ADMIN_TOKEN);
            HttpLoad load = new HttpLoad(server.baseUrl(), ADMIN_TOKEN);
            load.ensureAgents(AGENT_LEVELS[AGENT_LEVELS.length - 1]);
            results.put("server_warm_s", round(warmUntilCompiled(load, server, pg, 8), 1));
            for (int agents : AGENT_LEVELS) {
                double created = load.seed((int) Math.max(1_000, 4 * lastRate * (seconds + warmup)), 4);
                results.put("create_tasks_per_s_pg", round(created, 0));
                pg.settle();
                SpanCost.Start start = SpanCost.start(server, pg);
                HttpLoad.Level level = load.run(agents, warmup, seconds);
                SpanCost cost = start.end();
                long cycles = level.allCycles();
                // the load generator's own share of the shared cores (this process: the agents' threads and its JIT)
                results.put("load_cpu_ms_per_cycle_pg_" + agents, round(SpanCost.perCycle(cost.loadMs(), cycles), 2));
                results.put("pg_cpu_ms_per_cycle_pg_" + agents, round(SpanCost.perCycle(cost.databaseMs(), cycles), 2));
                results.put("server_jit_ms_per_cycle_pg_" + agents, round(SpanCost.perCycle(cost.jitMs(), cycles), 2));
                // the server process's processor time over the level, warm-up included, per cycle (no profiler
                // attached: --profile measures the same under JFR, which adds its own cost)
                results.put("server_cpu_ms_per_cycle_pg_" + agents, round(SpanCost.perCycle(cost.serverMs(), cycles), 2));
                // every transaction of the database in the level (the server's, and the agents' token reads), per
                // cycle; a next that reads its board's snapshot again is a read-only transaction, which PostgreSQL counts
                results.put("commits_per_cycle_pg_" + agents, round(SpanCost.perCycle(cost.commits(), cycles), 2));
                tasklane.put(agents, level);
                lastRate = Math.max(level.cyclesPerSecond(), tasklane.values().stream()
                        .mapToDouble(HttpLoad.Level::cyclesPerSecond).max().orElse(lastRate));
                System.out.printf("   %2d agents: %.0f cycles/s (p50 %.1f ms, p99 %.1f ms, %.2f requests per cycle, server CPU %s ms"
                                + ", database CPU %s ms and load generator CPU %s ms per cycle)%s%n", agents,
                        level.cyclesPerSecond(), level.cycleLatency().p50(), level.cycleLatency().p99(),
                        level.requests() / (double) Math.max(1, level.allCycles()),
                        results.values.get("server_cpu_ms_per_cycle_pg_" + agents),
                        results.values.get("pg_cpu_ms_per_cycle_pg_" + agents),
                        results.values.get("load_cpu_ms_per_cycle_pg_" + agents), level.ranOut() ? " [ran out of tasks]" : "");
            }
            for (OutsideLoad.Workload workload : OutsideLoad.Workload.values()) {
                for (int agents : AGENT_LEVELS) {
                    outsideLevels.put(workload.key + "_" + agents,
                            outsideLevel(results, outside, server, pg, workload, agents, warmup, seconds, lastRate));
                }
            }
            if (worstToo) {
                step("worst request: each worst-case body under the caps (WorstCaseBodies), median of 5 on PostgreSQL");
                WorstRequest.record(results, WorstRequest.time(new Api(server.baseUrl(), ADMIN_TOKEN), WORST_RUNS, server::cpu, server::compilerCpu));
            }
        }
        if (worstToo) {
            worstInMemory(results, jar, logs);
        }
        ClaimBaseline baseline = new ClaimBaseline(pg);
        for (int agents : AGENT_LEVELS) {
            int connections = Math.min(agents, SERVER_POOL);
            baseline.prepare(200_000);
            double bare = baseline.cyclesPerSecond(connections, warmup, seconds);
            results.put("baseline_pg_cpu_ms_per_cycle_pg_" + agents, round(baseline.databaseMsPerCycle(), 3));
            System.out.printf("   %2d agents: the bare loop's database CPU %.3f ms per claim and completion%n", agents,
                    baseline.databaseMsPerCycle());
            HttpLoad.Level level = tasklane.get(agents);
            System.out.printf("   %2d agents: baseline %.0f claims/s on %d connections%n", agents, bare, connections);
            results.claimLevel(agents, connections, level, bare);
            for (OutsideLoad.Workload workload : OutsideLoad.Workload.values()) {
                HttpLoad.Level outsideLevel = outsideLevels.get(workload.key + "_" + agents).level();
                results.put("claim_ratio_" + workload.key + "_pg_" + agents, round(outsideLevel.cyclesPerSecond() / bare, 4));
            }
        }
        for (int agents : AGENT_LEVELS) {
            double standalone = outsideLevels.get("standalone_" + agents).level().cyclesPerSecond();
            double goals = outsideLevels.get("goals_" + agents).level().cyclesPerSecond();
            // what tasks in goals cost over standalone tasks, both with the server-picked claim: 0.1 is 10 % fewer cycles/s
            results.put("goals_cost_pg_" + agents, round(1 - goals / standalone, 3));
        }
        double steady = Math.max(curve.tail(), outsideLevels.get("goals_" + WarmCurve.AGENTS).level().cyclesPerSecond());
        double warm = curve.warmSeconds(steady);
        results.put("warm_s", Double.isNaN(warm) ? null : warm);
        results.put("warm_steady_cycles_per_s", round(steady, 0));
        results.put("warm_curve_s", curveSeconds);
        results.put("warm_curve_cycles_per_s", curve.asList());
        results.put("warm_live_s", round(curve.liveSeconds, 2));
        System.out.printf("   warm_s %s (steady %.0f cycles/s, first /health after %.1f s)%n",
                Double.isNaN(warm) ? "not reached within " + curveSeconds + " s" : String.valueOf(warm), steady, curve.liveSeconds);
    }

    /** Seconds of each curve of {@link #warmLevers}: long enough that its last 10 s are the steady state. */
    static final double WARM_LEVER_S = 40;
    /** The JDK 25 the levers are measured on too: {@code TASKLANE_BENCH_JAVA25} (bench/run.sh finds a Temurin 25). */
    static final String JAVA25_VARIABLE = "TASKLANE_BENCH_JAVA25";

    /**
     * {@code --only warm}: the warm-up curve of each way to start the server of {@link WarmCurve#levers}, one after the
     * other on the same backlog (each server tops it up for the next, and the database is vacuumed and checkpointed
     * before each start, so that no way meets the others' leftovers): {@code default}, bin/tasklane as an operator
     * starts it, then plain {@code java -jar} and {@code bin/tasklane} with the tiered JIT and with C1 only, on the
     * bench's JDK and on the JDK 25 of {@link #JAVA25_VARIABLE} (its AOT cache). Each curve's warm_s is against its
     * own steady state, and against the fastest of them ({@code warm_s_vs_best_*}); the default's also goes to
     * {@code warm_s} and the other keys of the full run's warm-up curve.
     */
    private static void warmLevers(Results results, PgTarget pg, Path jar, Path logs, double seconds) throws Exception {
        step("warm-up levers: process start to 90 % of the steady state, " + WarmCurve.AGENTS + " outside agents, tasks in "
                + "goals, server-picked claim, " + (int) seconds + " s per way to start");
        pg.reset();
        Map<String, String> pgEnv = postgresEnvironment(pg);
        OutsideLoad outside;
        try (ServerProcess seeder = ServerProcess.start(jar, List.of(), pgEnv, logs.resolve("server-pg-seed.log"))) {
            outside = new OutsideLoad(seeder.baseUrl(), ADMIN_TOKEN);
            outside.ensureAgents(WarmCurve.AGENTS);
            outside.seed(OutsideLoad.Workload.GOALS, (int) (WARM_CURVE_RATE * seconds), 4);
        }
        Map<String, List<String>> ways = WarmCurve.levers(jar, System.getProperty("java.home"), System.getenv(JAVA25_VARIABLE));
        Map<String, WarmCurve> curves = new LinkedHashMap<>();
        for (Map.Entry<String, List<String>> way : ways.entrySet()) {
            pg.settle();
            double load = loadAverage();
            WarmCurve curve = WarmCurve.measure(way.getValue(), pgEnv, logs.resolve("server-warm-" + way.getKey() + ".log"),
                    outside, ADMIN_TOKEN, seconds, true);
            curves.put(way.getKey(), curve);
            double own = curve.warmSeconds(curve.tail());
            System.out.printf("   %s: first /health %.1f s, steady %.0f cycles/s, warm_s %s (load average %s, then %s); per second %s%n",
                    way.getKey(), curve.liveSeconds, curve.tail(), Double.isNaN(own) ? "not reached" : String.valueOf(own),
                    load, loadAverage(), curve.asList());
            results.put("warm_load_average_" + way.getKey(), load);
        }
        double best = curves.values().stream().mapToDouble(WarmCurve::tail).max().orElse(Double.NaN);
        for (Map.Entry<String, WarmCurve> entry : curves.entrySet()) {
            WarmCurve curve = entry.getValue();
            double own = curve.warmSeconds(curve.tail());
            double vsBest = curve.warmSeconds(best);
            results.put("warm_s_" + entry.getKey(), Double.isNaN(own) ? null : own);
            results.put("warm_s_vs_best_" + entry.getKey(), Double.isNaN(vsBest) ? null : vsBest);
            results.put("warm_live_s_" + entry.getKey(), round(curve.liveSeconds, 2));
            results.put("warm_steady_cycles_per_s_" + entry.getKey(), round(curve.tail(), 0));
            results.put("warm_curve_cycles_per_s_" + entry.getKey(), curve.asList());
        }
        WarmCurve standard = curves.get("default");
        WarmCurve.Launch launch = WarmCurve.defaultLaunched(Runtime.getRuntime().availableProcessors());
        double warm = standard.warmSeconds(standard.tail());
        results.put("warm_s", Double.isNaN(warm) ? null : warm);
        results.put("warm_jdk", launch.jdk());
        results.put("warm_jit", launch.jit());
        results.put("warm_steady_cycles_per_s", round(standard.tail(), 0));
        results.put("warm_curve_s", seconds);
        results.put("warm_curve_cycles_per_s", standard.asList());
        results.put("warm_live_s", round(standard.liveSeconds, 2));
        results.put("warm_lever_s", seconds);
    }

    /** Tasks the warm-up curve's backlog holds per second of curve: more than a warm server claims at 8 agents. */
    static final int WARM_CURVE_RATE = 400;
    /** Seconds of load of the warm-up curve in a full run. */
    static final double WARM_CURVE_S = 40;

    /** One level of the outside client, its figures written into {@code results} (ratios follow with the baseline). */
    private static OutsideLoad.Result outsideLevel(Results results, OutsideLoad outside, ServerProcess server, PgTarget pg,
                                                   OutsideLoad.Workload workload, int agents, double warmup, double seconds,
                                                   double ceiling) throws Exception {
        // enough for the fastest level of the bench's own lean client (ceiling, cycles/s), which no outside client
        // outruns, whatever the number of agents, so that no level runs dry on a fast machine either
        int tasks = (int) Math.max(500, Math.max(500, ceiling) * (warmup + seconds) * 1.3);
        outside.seed(workload, tasks, 4);
        // the rows just written vacuumed and analysed: a level measures the steady state, not the minute before
        // autovacuum's analyze, when plans made on the old statistics cost the claim many times over
        pg.settle();
        SpanCost.Start start = SpanCost.start(server, pg);
        OutsideLoad.Result result = outside.run(workload, agents, warmup, seconds, null, 0);
        SpanCost cost = start.end();
        HttpLoad.Level level = result.level();
        long cycles = level.allCycles();
        String suffix = workload.key + "_pg_" + agents;
        results.put("claims_per_s_" + suffix, round(level.cyclesPerSecond(), 1));
        results.put("cycle_p50_ms_" + suffix, round(level.cycleLatency().p50(), 2));
        results.put("cycle_p99_ms_" + suffix, round(level.cycleLatency().p99(), 2));
        results.put("requests_per_cycle_" + suffix, round(level.requests() / (double) Math.max(1, cycles), 2));
        results.put("client_cpu_ms_per_cycle_" + suffix, round(result.clientCpuMsPerCycle(), 2));
        results.put("server_cpu_ms_per_cycle_" + suffix, round(SpanCost.perCycle(cost.serverMs(), cycles), 2));
        results.put("pg_cpu_ms_per_cycle_" + suffix, round(SpanCost.perCycle(cost.databaseMs(), cycles), 2));
        results.put("commits_per_cycle_" + suffix, round(SpanCost.perCycle(cost.commits(), cycles), 2));
        results.put("ran_out_of_tasks_" + suffix, level.ranOut());
        System.out.printf("   outside client, %s, %2d agents: %.0f cycles/s (p50 %.1f ms, p99 %.1f ms, %.2f requests per cycle,"
                        + " client CPU %.2f ms, server CPU %.2f ms, database CPU %.2f ms per cycle)%s%n", workload.key, agents,
                level.cyclesPerSecond(), level.cycleLatency().p50(), level.cycleLatency().p99(),
                level.requests() / (double) Math.max(1, cycles), result.clientCpuMsPerCycle(),
                SpanCost.perCycle(cost.serverMs(), cycles), SpanCost.perCycle(cost.databaseMs(), cycles),
                level.ranOut() ? " [ran out of tasks]" : "");
        return result;
    }

    /**
     * The flow figures of a board with 100,000 tasks finished inside the window (10,000 in a quick run), through the
     * use case, in memory and on PostgreSQL, then with 1,000,000 more finished before the window (100,000 quick): the
     * ratio of the two p50s shows the cost does not follow the history outside the window.
     */
    private static void metrics(Results results, PgTarget pg, boolean quick) throws Exception {
        long inWindow = quick ? 10_000 : 100_000;
        long outside = quick ? 100_000 : 1_000_000;
        step("flow metrics: " + inWindow + " tasks finished in the window, then " + outside + " more before it, in memory");
        MetricsLoad.Timing memory = MetricsLoad.memory(inWindow, outside, 10, 21);
        step("flow metrics: the same on PostgreSQL");
        MetricsLoad.Timing onPg = MetricsLoad.postgres(pg, inWindow, outside, 10, 21);
        String suffix = inWindow == 100_000 ? "100k" : inWindow / 1000 + "k";
        results.put("metrics_" + suffix + "_ms_memory", round(memory.window().p50(), 2));
        results.put("metrics_" + suffix + "_ms_pg", round(onPg.window().p50(), 2));
        results.put("metrics_" + suffix + "_p99_ms_memory", round(memory.window().p99(), 2));
        results.put("metrics_" + suffix + "_p99_ms_pg", round(onPg.window().p99(), 2));
        results.put("metrics_" + suffix + "_cpu_ms_memory", round(memory.cpuMillis(), 2));
        results.put("metrics_" + suffix + "_jvm_cpu_ms_pg", round(onPg.cpuMillis(), 2));
        results.put("metrics_history_ms_memory", round(memory.withHistory().p50(), 2));
        results.put("metrics_history_ms_pg", round(onPg.withHistory().p50(), 2));
        results.put("metrics_history_ratio_memory", round(memory.ratio(), 3));
        results.put("metrics_history_ratio_pg", round(onPg.ratio(), 3));
        results.put("metrics_outside_tasks", outside);
        System.out.printf("   memory: %.1f ms (%.1f ms processor time), %.1f ms with the older history (ratio %.2f);"
                        + " PostgreSQL: %.1f ms (JVM %.1f ms), %.1f ms (ratio %.2f)%n",
                memory.window().p50(), memory.cpuMillis(), memory.withHistory().p50(), memory.ratio(), onPg.window().p50(),
                onPg.cpuMillis(), onPg.withHistory().p50(), onPg.ratio());
    }

    /** {@code --only forecast}, and a step of the full run: one 500-task forecast of 1,000 runs (ForecastBench). */
    private static void forecast(Results results) {
        step("forecast: a 500-task target, 1,000 runs, in this JVM, p50 of 5 and the heap it grew");
        ForecastBench.record(results);
    }

    private static void only(Path root, List<String> pieces, PgTarget pg, Path jar, Path logs, double warmup, double seconds,
                             boolean quick) throws Exception {
        Path json = root.resolve("bench/results.json");
        Results results = Files.exists(json) ? Results.read(json) : new Results();
        if (!Files.exists(json)) {
            results.machine(Runtime.getRuntime().availableProcessors(), memoryGiB(), pg.serverVersion(),
                    System.getProperty("java.version"));
        }
        Map<String, Object> partial = new LinkedHashMap<>();
        partial.put("at", Instant.now().toString());
        partial.put("only", pieces);
        partial.put("load_average_at_start", loadAverage());
        for (String piece : pieces) {
            switch (piece) {
                case "worst" -> {
                    step("worst request: each worst-case body under the caps (WorstCaseBodies), median of "
                            + WORST_RUNS + " on PostgreSQL");
                    pg.reset();
                    try (ServerProcess server = ServerProcess.start(jar, List.of(), postgresEnvironment(pg),
                            logs.resolve("server-pg.log"))) {
                        WorstRequest.record(results, WorstRequest.time(new Api(server.baseUrl(), ADMIN_TOKEN), WORST_RUNS, server::cpu, server::compilerCpu));
                    }
                    worstInMemory(results, jar, logs);
                }
                case "board" -> {
                    step("web board load: GET /boards/1 with " + BoardLoad.TASKS + " tasks, in memory");
                    BoardLoad.record(results, boardLoad(jar, logs));
                }
                case "startup" -> {
                    step("start-up: process start to the first answered /health (and /health/ready), H2 default,"
                            + " fresh and existing data directory, bin/tasklane with its archive and plain java -jar,"
                            + " median of " + Startup.RUNS);
                    Startup.record(results, root, jar, logs);
                }
                case "claims" -> claims(results, pg, jar, logs, warmup, seconds, false, quick ? 20 : WARM_CURVE_S);
                case "cycle" -> {
                    step("in-memory cycle cost: processor time and allocation per claim + complete, counted per thread");
                    CycleCost.Cost cost = CycleCost.measure(100_000);
                    results.put("inmemory_cycle_cpu_us", round(cost.cpuMicros(), 2));
                    results.put("inmemory_cycle_bytes", cost.bytes());
                    step("PostgreSQL cycle cost: processor time and allocation per next + claim + complete through the use "
                            + "cases, counted for the calling thread");
                    CycleCost.Cost onPg = CycleCost.measurePostgres(pg, 5_000);
                    results.put("pg_cycle_cpu_us", round(onPg.cpuMicros(), 1));
                    results.put("pg_cycle_bytes", onPg.bytes());
                }
                case "metrics" -> metrics(results, pg, false);
                case "warm" -> warmLevers(results, pg, jar, logs, quick ? 20 : WARM_LEVER_S);
                case "supervision" -> SupervisionLatency.measure(results, pg, postgresEnvironment(pg), jar, logs, quick);
                case "sim" -> {
                    step("simulation: tasklane simulate --agents 64 --tasks " + SIM_TASKS);
                    recordSimulation(results, SIM_TASKS, simulate(jar, SIM_TASKS, logs));
                }
                case "forecast" -> forecast(results);
                default -> throw new IllegalArgumentException("--only takes worst, board, startup, cycle, sim, forecast, supervision, metrics, warm and/or claims, not "
                        + piece);
            }
        }
        partial.put("load_average_at_end", loadAverage());
        results.put("partial_runs", partialRuns(results, pieces, partial));
        Report.write(root, results);
    }

    /**
     * The partial runs whose figures the results hold: the earlier ones (the former single {@code partial_run}
     * too), less the pieces measured again now, then this one.
     */
    private static List<Object> partialRuns(Results results, List<String> pieces, Map<String, Object> latest) {
        List<Object> earlier = new ArrayList<>();
        if (results.values.remove("partial_run") instanceof Map<?, ?> single) {
            earlier.add(single);
        }
        if (results.values.get("partial_runs") instanceof List<?> list) {
            earlier.addAll(list);
        }
        List<Object> runs = new ArrayList<>();
        for (Object run : earlier) {
            if (run instanceof Map<?, ?> map && map.get("only") instanceof List<?> only) {
                List<String> kept = only.stream().map(String::valueOf).filter(piece -> !pieces.contains(piece)).toList();
                if (!kept.isEmpty()) {
                    Map<Object, Object> copy = new LinkedHashMap<>(map);
                    copy.put("only", kept);
                    runs.add(copy);
                }
            }
        }
        runs.add(latest);
        return runs;
    }

    /** The worst request bodies again, on a server process on the in-memory store ({@code worst_request_ms_memory}). */
    private static void worstInMemory(Results results, Path jar, Path logs) throws Exception {
        step("worst request: the same bodies, median of " + WORST_RUNS + " on the in-memory store");
        try (ServerProcess server = ServerProcess.start(jar, List.of(),
                Map.of("TASKLANE_STORE", "memory", "TASKLANE_BOOTSTRAP_TOKEN", ADMIN_TOKEN), logs.resolve("server-memory.log"))) {
            WorstRequest.recordMemory(results, WorstRequest.time(new Api(server.baseUrl(), ADMIN_TOKEN), WORST_RUNS, server::cpu, server::compilerCpu));
        }
    }

    private static Map<String, String> postgresEnvironment(PgTarget pg) {
        return Map.of("TASKLANE_STORE", "postgres", "TASKLANE_DB_URL", pg.url(), "TASKLANE_DB_USER", pg.user(),
                "TASKLANE_DB_PASSWORD", pg.password(), "TASKLANE_BOOTSTRAP_TOKEN", ADMIN_TOKEN,
                "TASKLANE_DB_POOL_SIZE", Integer.toString(SERVER_POOL));
    }

    /** {@link BoardLoad} against a server process on the in-memory store. */
    private static BoardLoad.Timing boardLoad(Path jar, Path logs) throws Exception {
        try (ServerProcess server = ServerProcess.start(jar, List.of(),
                Map.of("TASKLANE_STORE", "memory", "TASKLANE_BOOTSTRAP_TOKEN", ADMIN_TOKEN), logs.resolve("server-board.log"))) {
            BoardLoad.Timing timing = BoardLoad.measure(server.baseUrl(), ADMIN_TOKEN);
            System.out.printf("   median %.1f ms, slowest %.1f ms over %d requests after %d warm-up; page %d KB%n",
                    timing.medianMs(), timing.maxMs(), BoardLoad.SAMPLES, BoardLoad.WARM_UP, timing.pageBytes() / 1024);
            return timing;
        }
    }

    /** Seconds of each round of {@link #warmUntilCompiled}. */
    static final double WARM_ROUND_S = 4;
    /** The JIT compilers' share of the server's processor time below which a round counts as warm. */
    static final double JIT_SETTLED = 0.05;
    /** The longest {@link #warmUntilCompiled} runs, seconds. */
    static final double WARM_MAX_S = 90;

    /**
     * Runs {@code agents} agents in rounds of {@link #WARM_ROUND_S} until the server's JIT compilers used less than
     * {@link #JIT_SETTLED} of its processor time in a round (at most {@link #WARM_MAX_S}); answers the seconds it took.
     * A server in production runs for hours: its hot paths are compiled and its compilers idle, and that is the state
     * the levels measure. On 2 cores shared with the load and the database the compilers lag, and the first half
     * minute of load can spend as much processor time compiling as answering.
     */
    private static double warmUntilCompiled(HttpLoad load, ServerProcess server, PgTarget pg, int agents) throws Exception {
        long started = System.nanoTime();
        double rate = 400;
        while (true) {
            load.seed((int) Math.max(500, rate * WARM_ROUND_S * 1.5), 4);
            SpanCost.Start start = SpanCost.start(server, pg);
            HttpLoad.Level round = load.run(agents, 0, WARM_ROUND_S);
            SpanCost cost = start.end();
            rate = Math.max(rate, round.cyclesPerSecond());
            double share = cost.jitMs() / Math.max(1e-6, cost.serverMs());
            double elapsed = (System.nanoTime() - started) / 1e9;
            System.out.printf("   warming (not counted): %.0f cycles/s, JIT compilers %.0f%% of the server's CPU, database CPU "
                    + "%.2f ms per cycle%n", round.cyclesPerSecond(), 100 * share,
                    SpanCost.perCycle(cost.databaseMs(), round.allCycles()));
            if (share < JIT_SETTLED || elapsed >= WARM_MAX_S) {
                return elapsed;
            }
        }
    }

    /**
     * {@code --profile AGENTS}: only the claim load at one level, with the server under JFR (profile settings);
     * the recording is bench/target/claims.jfr (read it with {@code jfr print --events jdk.ExecutionSample}). A
     * warm-up of at least {@link #PROFILE_WARM_CYCLES} cycles runs first and is not counted, so that the JIT's
     * warm-up stays out of the figures: the server's CPU, the requests, the commits and the JFR samples are those
     * of the measured level only (its agents' start and stop included).
     */
    private static void profileClaims(PgTarget pg, Path jar, Path logs, int agents, double seconds) throws Exception {
        pg.reset();
        Path recording = logs.resolve("claims.jfr");
        Map<String, String> pgEnv = postgresEnvironment(pg);
        try (ServerProcess server = ServerProcess.start(jar,
                List.of("-XX:StartFlightRecording=settings=profile,filename=" + recording), pgEnv, logs.resolve("server-profile.log"))) {
            HttpLoad load = new HttpLoad(server.baseUrl(), ADMIN_TOKEN);
            load.ensureAgents(agents);
            load.seed(PROFILE_WARM_CYCLES * 2, 4);
            // the JIT compiles by invocation counts, so the warm-up is counted in cycles: on a loaded machine a
            // warm-up of so many seconds may end before the hot paths are compiled; then until the compilers rest
            long warmCycles = 0;
            while (warmCycles < PROFILE_WARM_CYCLES) {
                HttpLoad.Level warm = load.run(agents, 0, seconds);
                warmCycles += warm.allCycles();
                System.out.printf("   warm-up (not counted): %d cycles, %.0f cycles/s%n", warm.allCycles(), warm.cyclesPerSecond());
            }
            warmUntilCompiled(load, server, pg, agents);
            // enough for the window at 1,500 cycles/s, so that it does not run dry
            load.seed((int) (1_500 * seconds), 4);
            System.out.printf("   measuring %.0f s%n", seconds);
            Instant from = Instant.now();
            SpanCost.Start start = SpanCost.start(server, pg);
            HttpLoad.Level level = load.run(agents, 0, seconds);
            SpanCost cost = start.end();
            Instant to = Instant.now();
            long cycles = level.allCycles();
            System.out.printf("   %d agents, warm: %.0f cycles/s (p50 %.1f ms); recording: %s%n", agents, level.cyclesPerSecond(),
                    level.cycleLatency().p50(), recording);
            System.out.printf("   warm window: %d cycles, %.2f requests per cycle, server CPU %.2f ms per cycle (its JIT "
                    + "compilers %.2f), %.2f database commits per cycle, database CPU %.2f ms and load generator CPU %.2f ms "
                    + "per cycle%n", cycles, (double) level.requests() / cycles, SpanCost.perCycle(cost.serverMs(), cycles),
                    SpanCost.perCycle(cost.jitMs(), cycles), SpanCost.perCycle(cost.commits(), cycles),
                    SpanCost.perCycle(cost.databaseMs(), cycles), SpanCost.perCycle(cost.loadMs(), cycles));
            server.close(); // JFR writes the recording when the server exits
            ProfileSummary.print(recording, from, to, 25);
        }
    }

    /**
     * {@code --profile AGENTS --workload goals|standalone|byid|stride}: the outside client's load of that workload at
     * one level, the server under JFR (bench/target/claims-WORKLOAD.jfr); warmed for {@link #PROFILE_WARM_CYCLES}
     * cycles and until its compilers rest, then measured for {@code seconds}; prints the summary of the window.
     */
    private static void profileOutside(PgTarget pg, Path jar, Path logs, int agents, double seconds,
                                       OutsideLoad.Workload workload) throws Exception {
        pg.reset();
        Path recording = logs.resolve("claims-" + workload.key + ".jfr");
        try (ServerProcess server = ServerProcess.start(jar,
                List.of("-XX:StartFlightRecording=settings=profile,filename=" + recording), postgresEnvironment(pg),
                logs.resolve("server-profile.log"))) {
            OutsideLoad load = new OutsideLoad(server.baseUrl(), ADMIN_TOKEN);
            load.ensureAgents(agents);
            long warmCycles = 0;
            double jitShare = 1;
            while (warmCycles < PROFILE_WARM_CYCLES || jitShare > JIT_SETTLED) {
                load.seed(workload, 1_500, 4);
                SpanCost.Start start = SpanCost.start(server, pg);
                OutsideLoad.Result warm = load.run(workload, agents, 0, WARM_ROUND_S, null, 0);
                SpanCost cost = start.end();
                warmCycles += warm.level().allCycles();
                jitShare = cost.jitMs() / Math.max(1e-6, cost.serverMs());
                System.out.printf("   warm-up (not counted): %.0f cycles/s, JIT %.0f%% of the server's CPU%n",
                        warm.level().cyclesPerSecond(), 100 * jitShare);
            }
            load.seed(workload, (int) (800 * seconds), 4);
            Instant from = Instant.now();
            SpanCost.Start start = SpanCost.start(server, pg);
            OutsideLoad.Result result = load.run(workload, agents, 0, seconds, null, 0);
            SpanCost cost = start.end();
            Instant to = Instant.now();
            HttpLoad.Level level = result.level();
            long cycles = level.allCycles();
            System.out.printf("   %s, %d agents, warm: %.0f cycles/s (p50 %.1f ms), %.2f requests per cycle, server CPU %.2f ms"
                    + " per cycle (JIT %.2f), %.2f commits per cycle, database CPU %.2f ms, client CPU %.2f ms per cycle%n",
                    workload.key, agents, level.cyclesPerSecond(), level.cycleLatency().p50(), (double) level.requests() / cycles,
                    SpanCost.perCycle(cost.serverMs(), cycles), SpanCost.perCycle(cost.jitMs(), cycles),
                    SpanCost.perCycle(cost.commits(), cycles), SpanCost.perCycle(cost.databaseMs(), cycles),
                    result.clientCpuMsPerCycle());
            server.close();
            ProfileSummary.print(recording, from, to, 40);
        }
    }

    /**
     * The simulation's figures. {@code sim_cycles_per_s} is the run's claim-and-complete cycles (tasks done) per second
     * of the run's wall time: the set-up (team, plan creation) is a phase of its own, {@code sim_setup_s}, and so are
     * the checks after the run, {@code sim_check_s} (docs/simulator.md, "What the figures measure").
     */
    private static void recordSimulation(Results results, int simTasks, JsonNode sim) {
        results.put("sim_tasks", simTasks);
        results.put("sim_cycles_per_s", sim.path("tasks_per_second").asLong());
        results.put("sim_transitions_per_s", sim.path("transitions_per_second").asLong());
        results.put("sim_setup_s", sim.path("setup_seconds").asDouble());
        results.put("sim_run_s", sim.path("run_seconds").asDouble());
        results.put("sim_check_s", sim.path("check_seconds").asDouble());
        results.put("sim_passed", sim.path("passed").asBoolean());
        results.put("sim_tasks_per_cpu_s", sim.path("tasks_per_cpu_second").asLong());
        results.put("sim_setup_cpu_s", sim.path("setup_cpu_seconds").asDouble());
        results.put("sim_run_cpu_s", sim.path("run_cpu_seconds").asDouble());
    }

    private static JsonNode simulate(Path jar, int tasks, Path logs) throws IOException, InterruptedException {
        Path out = logs.resolve("simulate.json");
        Process process = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-jar", jar.toString(), "simulate", "--agents", "64", "--tasks", String.valueOf(tasks), "--json")
                .redirectOutput(out.toFile()).redirectError(logs.resolve("simulate.err").toFile()).start();
        int exit = process.waitFor();
        String text = Files.readString(out);
        JsonNode report = Api.JSON.readTree(text.substring(Math.max(0, text.indexOf('{'))));
        if (exit != 0) {
            System.out.println("   the simulation exited with " + exit + " (an invariant failed?): see " + out);
        }
        return report;
    }

    private static double jmh(boolean quick) throws Exception {
        Options options = new OptionsBuilder()
                .include(InMemoryCycleBenchmark.class.getName())
                .forks(1)
                .warmupIterations(1).warmupTime(TimeValue.seconds(quick ? 1 : 2))
                .measurementIterations(quick ? 2 : 3).measurementTime(TimeValue.seconds(quick ? 1 : 2))
                .build();
        Collection<RunResult> runs = new Runner(options).run();
        return runs.iterator().next().getPrimaryResult().getScore();
    }

    private static void step(String what) {
        System.out.println("==> " + what);
    }

    /** The report so far: a run that fails later still leaves every figure measured before. */
    private static void checkpoint(Path root, Results results) throws IOException {
        Report.write(root, results);
    }

    static double round(double value, int decimals) {
        double scale = Math.pow(10, decimals);
        return Math.round(value * scale) / scale;
    }

    private static double memoryGiB() throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc/meminfo"))) {
            if (line.startsWith("MemTotal:")) {
                return round(Long.parseLong(line.replaceAll("\\D", "")) / 1_048_576.0, 1);
            }
        }
        return Double.NaN;
    }

    /** The 1-minute load average: on a shared machine it says how much the figures owe to other work. */
    private static double loadAverage() throws IOException {
        return Double.parseDouble(Files.readString(Path.of("/proc/loadavg")).split(" ")[0]);
    }

    private static String env(String name) {
        String value = System.getenv(name);
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException(name + " is not set: bench/run.sh sets it (see its header)");
        }
        return value;
    }

    private static Map<String, String> flags(String[] args) {
        Map<String, String> flags = new LinkedHashMap<>();
        for (int i = 0; i < args.length; i++) {
            if (!args[i].startsWith("--")) {
                throw new IllegalArgumentException("unknown argument " + args[i]);
            }
            String name = args[i].substring(2);
            if (name.equals("quick") || name.equals("rewrite")) {
                flags.put(name, "true");
            } else if (i + 1 < args.length) {
                flags.put(name, args[++i]);
            } else {
                throw new IllegalArgumentException("--" + name + " needs a value");
            }
        }
        return flags;
    }
}
