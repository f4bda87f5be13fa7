package dev.tasklane.bench;

import java.lang.management.ManagementFactory;

/**
 * What one claim + complete cycle of {@link InMemoryCycleBenchmark} costs the calling thread: processor time and
 * bytes allocated, counted by the JVM for that thread alone. Unlike throughput, neither count depends much on what
 * else the machine runs, so the figures of a loaded machine still compare (docs/benchmarks.md, "What bounds the
 * simulation").
 */
final class CycleCost {
    /** Rounds on a fresh backlog each; the last one, the warmest, is the figure. */
    static final int ROUNDS = 3;

    private CycleCost() {
    }

    /** Processor time in microseconds and bytes allocated, per cycle. */
    record Cost(double cpuMicros, long bytes) {
    }

    /** @param cycles claim + complete cycles per round */
    static Cost measure(int cycles) {
        if (!(ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean threads)
                || !threads.isCurrentThreadCpuTimeSupported()) {
            throw new IllegalStateException("this JVM does not count processor time and allocation per thread");
        }
        long thread = Thread.currentThread().getId();
        Cost cost = null;
        for (int round = 0; round < ROUNDS; round++) {
            InMemoryCycleBenchmark bench = new InMemoryCycleBenchmark();
            bench.load();
            long cpu = threads.getCurrentThreadCpuTime();
            long bytes = threads.getThreadAllocatedBytes(thread);
            for (int i = 0; i < cycles; i++) {
                bench.claimAndComplete();
            }
            cost = new Cost((threads.getCurrentThreadCpuTime() - cpu) / 1e3 / cycles,
                    (threads.getThreadAllocatedBytes(thread) - bytes) / cycles);
            System.out.printf("   round %d: %.1f us of processor time and %,d bytes allocated per cycle%n",
                    round + 1, cost.cpuMicros(), cost.bytes());
        }
        return cost;
    }
}
