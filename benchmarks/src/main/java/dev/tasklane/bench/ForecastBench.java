package dev.tasklane.bench;

import dev.tasklane.domain.forecast.FlowSample;
import dev.tasklane.domain.forecast.Forecast;
import dev.tasklane.domain.forecast.ForecastEngine;
import dev.tasklane.domain.forecast.ForecastPlan;
import dev.tasklane.domain.forecast.ForecastSettings;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.id.TaskId;
import dev.tasklane.domain.task.KeyFile;
import dev.tasklane.domain.task.Priority;
import dev.tasklane.domain.task.Task;
import dev.tasklane.domain.task.TaskIdentifier;
import dev.tasklane.domain.task.TaskSpec;
import dev.tasklane.domain.task.TaskType;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;

/**
 * {@code forecast_500x1000_s}: the wall time of one forecast of a 500-task target (dependencies, shared key files,
 * reviews, a WIP limit) with 1,000 runs, the p50 of 5 after a warm-up, the heap it held above what was in use
 * before it ({@code forecast_500x1000_mb}), what it allocated ({@code forecast_500x1000_alloc_mb}) and the
 * processor seconds of the process during it ({@code forecast_500x1000_cpu_s}). Runs alone with {@code java -cp tasklane-benchmarks.jar
 * dev.tasklane.bench.ForecastBench}.
 */
final class ForecastBench {
    private static final Instant NOW = Instant.parse("2026-12-01T09:00:00Z");
    private static final long HOUR = 3_600_000L;

    private ForecastBench() {
    }

    static void record(Results results) {
        double[] figures = measure();
        results.put("forecast_500x1000_s", BenchRun.round(figures[0], 3));
        results.put("forecast_500x1000_mb", BenchRun.round(figures[1], 1));
        results.put("forecast_500x1000_alloc_mb", BenchRun.round(figures[2], 1));
        results.put("forecast_500x1000_cpu_s", BenchRun.round(figures[3], 3));
    }

    /**
     * The p50 seconds of 5 forecasts; the most heap one of them held above what was in use before it (the peak of
     * the heap's pools, reset before each); the megabytes it allocated on every thread (the runs go on the common
     * pool); and the p50 of the processor seconds of the whole process during one.
     */
    static double[] measure() {
        Random random = new Random(500);
        List<Task> tasks = plan(random, 500);
        Set<TaskIdentifier> all = new HashSet<>();
        tasks.forEach(task -> all.add(task.identifier()));
        ForecastPlan plan = ForecastPlan.of(tasks, all, id -> false, 20, NOW);
        FlowSample sample = sample(random);
        ForecastSettings settings = ForecastSettings.defaults(NOW, NOW.plus(Duration.ofDays(90)));
        for (int i = 0; i < 3; i++) {
            ForecastEngine.forecast(plan, sample, settings);
        }
        double[] seconds = new double[5];
        double[] cpu = new double[5];
        long held = 0;
        long allocated = 0;
        for (int i = 0; i < seconds.length; i++) {
            System.gc();
            long before = heapUsed();
            ManagementFactory.getMemoryPoolMXBeans().forEach(MemoryPoolMXBean::resetPeakUsage);
            long allocatedBefore = allocatedBytes();
            long cpuBefore = processCpuNanos();
            long started = System.nanoTime();
            Forecast forecast = ForecastEngine.forecast(plan, sample, settings);
            seconds[i] = (System.nanoTime() - started) / 1e9;
            cpu[i] = (processCpuNanos() - cpuBefore) / 1e9;
            allocated = Math.max(allocated, allocatedBytes() - allocatedBefore);
            held = Math.max(held, heapPeak() - before);
            if (forecast.runs() != settings.runs()) {
                throw new IllegalStateException("the forecast ran " + forecast.runs() + " runs");
            }
        }
        Arrays.sort(seconds);
        Arrays.sort(cpu);
        return new double[]{seconds[2], held / 1_048_576.0, allocated / 1_048_576.0, cpu[2]};
    }

    private static long heapUsed() {
        long used = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP) {
                used += pool.getUsage().getUsed();
            }
        }
        return used;
    }

    private static long heapPeak() {
        long peak = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP) {
                peak += pool.getPeakUsage().getUsed();
            }
        }
        return peak;
    }

    /** Bytes allocated so far by every live thread; 0 where the JVM does not count them. */
    private static long allocatedBytes() {
        if (!(ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean threads)) {
            return 0;
        }
        long sum = 0;
        for (long bytes : threads.getThreadAllocatedBytes(threads.getAllThreadIds())) {
            sum += Math.max(0, bytes);
        }
        return sum;
    }

    private static long processCpuNanos() {
        return ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os
                ? Math.max(0, os.getProcessCpuTime()) : 0;
    }

    private static List<Task> plan(Random random, int size) {
        List<Task> tasks = new ArrayList<>();
        for (int i = 1; i <= size; i++) {
            List<TaskIdentifier> dependencies = new ArrayList<>();
            if (i > 1 && random.nextInt(3) == 0) {
                dependencies.add(new TaskIdentifier(TaskType.WORK, 1 + random.nextInt(i - 1)));
            }
            List<KeyFile> files = random.nextBoolean() ? List.of(new KeyFile("src/f" + random.nextInt(40) + ".java",
                    null, 0)) : List.of();
            TaskSpec spec = TaskSpec.builder("Task " + i, TaskType.WORK, Priority.values()[random.nextInt(4)])
                    .needsReview(random.nextInt(3) == 0).dependencies(dependencies).keyFiles(files).build();
            tasks.add(Task.create(BoardId.of(1), new TaskIdentifier(TaskType.WORK, i), null, random.nextInt(1000),
                    spec, null, null, null, NOW).toBuilder().id(TaskId.of(i)).build());
        }
        return tasks;
    }

    private static FlowSample sample(Random random) {
        long[] work = new long[200];
        long[] review = new long[100];
        for (int i = 0; i < work.length; i++) {
            work[i] = (long) Math.exp(Math.log(2 * HOUR) + 0.6 * random.nextGaussian());
        }
        for (int i = 0; i < review.length; i++) {
            review[i] = (long) (-Math.log(1 - random.nextDouble()) * HOUR);
        }
        return new FlowSample(30, 200, work, review, 0.1, new int[]{6, 8, 8, 7, 0, 0, 8}, new long[]{20, 25, 0, 30},
                1, 12, Forecast.Source.HISTORY);
    }

    public static void main(String[] args) {
        double[] figures = measure();
        System.out.printf("forecast_500x1000_s %.3f%nforecast_500x1000_mb %.1f%nforecast_500x1000_alloc_mb %.1f%n"
                + "forecast_500x1000_cpu_s %.3f%n", figures[0], figures[1], figures[2], figures[3]);
    }
}
