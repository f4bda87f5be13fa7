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
        // written either way, so that a run merged into an earlier one's results replaces its mark
        values.put("ran_out_of_tasks_pg_" + agents, level.ranOut());
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
            values.put("next_claim_max_ms_" + suffix, BenchRun.round(size.getValue().max(), 3));
            largest = size.getValue();
        }
        values.put("backlog_ratio_" + store, BenchRun.round(largest.p50() / smallest.p50(), 3));
    }

    /**
     * The figures of an earlier run, read back from its results.json, so that the report (docs/benchmarks.md and the
     * chart) can be written again without measuring again ({@code --rewrite}).
     */
    @SuppressWarnings("unchecked")
    static Results read(java.nio.file.Path json) throws java.io.IOException {
        Results results = new Results();
        results.values.putAll(Api.JSON.readValue(json.toFile(), LinkedHashMap.class));
        for (Map.Entry<String, Object> entry : results.values.entrySet()) {
            java.util.regex.Matcher claims = java.util.regex.Pattern.compile("claims_per_s_pg_(\\d+)").matcher(entry.getKey());
            if (claims.matches()) {
                String agents = claims.group(1);
                results.throughput.put(Integer.valueOf(agents), new double[] {number(results.values.get(entry.getKey())),
                        number(results.values.get("baseline_claims_per_s_pg_" + agents)),
                        number(results.values.get("baseline_connections_pg_" + agents))});
            }
            java.util.regex.Matcher latency = java.util.regex.Pattern.compile("next_claim_p50_ms_(\\w+)_(\\d+)").matcher(entry.getKey());
            if (latency.matches()) {
                String suffix = latency.group(1) + "_" + latency.group(2);
                Object max = results.values.get("next_claim_max_ms_" + suffix);
                results.backlogs.computeIfAbsent(latency.group(1), store -> new LinkedHashMap<>()).put(Long.valueOf(latency.group(2)),
                        new Stats(0, number(entry.getValue()), number(results.values.get("next_claim_p99_ms_" + suffix)),
                                max == null ? Double.NaN : number(max)));
            }
        }
        return results;
    }

    private static double number(Object value) {
        return value instanceof Number n ? n.doubleValue() : Double.NaN;
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
