package dev.tasklane.bench;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/** What a run measured, keyed as in bench/results.json. */
final class Results {
    final Map<String, Object> values = new LinkedHashMap<>();
    /** agents -> {tasklane cycles/s, baseline claims/s, connections} for the chart and the table. */
    final Map<Integer, double[]> throughput = new TreeMap<>();
    final Map<String, Map<Long, Stats>> backlogs = new LinkedHashMap<>();

    void put(String key, Object value) {
        values.put(key, value);
    }

    Object get(String key) {
        return values.get(key);
    }

    void machine(int cores, double memoryGiB, String postgres, String java) {
        Map<String, Object> machine = new LinkedHashMap<>();
        machine.put("cores", cores);
        machine.put("memory_gib", memoryGiB);
        machine.put("postgresql", postgres);
        machine.put("java", java);
        values.put("machine", machine);
    }

    void claimLevel(int agents, int connections, HttpLoad.Level level, double baseline) {
        values.put("claims_per_s_pg_" + agents, BenchRun.round(level.cyclesPerSecond(), 1));
        values.put("baseline_claims_per_s_pg_" + agents, BenchRun.round(baseline, 1));
        values.put("baseline_connections_pg_" + agents, connections);
        values.put("claim_ratio_pg_" + agents, BenchRun.round(level.cyclesPerSecond() / baseline, 4));
        values.put("cycle_p50_ms_pg_" + agents, BenchRun.round(level.cycleLatency().p50(), 2));
        values.put("cycle_p99_ms_pg_" + agents, BenchRun.round(level.cycleLatency().p99(), 2));
        if (level.ranOut()) {
            values.put("ran_out_of_tasks_pg_" + agents, true);
        }
        throughput.put(agents, new double[] {level.cyclesPerSecond(), baseline, connections});
    }

    void backlog(String store, Map<Long, Stats> bySize) {
        backlogs.put(store, bySize);
        Stats smallest = bySize.values().iterator().next();
        Stats largest = null;
        for (Map.Entry<Long, Stats> size : bySize.entrySet()) {
            String suffix = store + "_" + size.getKey();
            values.put("next_claim_p50_ms_" + suffix, BenchRun.round(size.getValue().p50(), 3));
            values.put("next_claim_p99_ms_" + suffix, BenchRun.round(size.getValue().p99(), 3));
            largest = size.getValue();
        }
        values.put("backlog_ratio_" + store, BenchRun.round(largest.p50() / smallest.p50(), 3));
    }

    String ratiosLine() {
        StringBuilder line = new StringBuilder("ratios:");
        values.forEach((key, value) -> {
            if (key.contains("ratio")) {
                line.append(' ').append(key).append('=').append(value);
            }
        });
        return line.toString();
    }
}
