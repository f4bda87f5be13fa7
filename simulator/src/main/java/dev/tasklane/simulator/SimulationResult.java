package dev.tasklane.simulator;

import java.time.Duration;
import java.util.List;

/**
 * Everything a simulation measured and concluded.
 *
 * @param setup          wall time to enlist the team and create the plan
 * @param run            wall time the agents ran
 * @param runCpu         processor time the whole process used while the agents ran (every thread, the garbage
 *                       collector's included); on a machine shared with other work it says more than {@code run}
 * @param simulated      simulated time from the first claim to the last step
 * @param steps          how many times the simulated clock moved
 * @param stalled        the run was stopped because no task reached Done for {@link Sweeper#STALL_STEPS} steps
 * @param claimLatency   wall time of each claim call, in nanoseconds (refused claims included)
 * @param blockedWait    simulated minutes between a task's last dependency reaching Done and its first claim
 * @param goalsCompleted goals the store reports completed at the end
 */
record SimulationResult(SimulationConfig config, int goals, int tasks, Duration setup, Duration run, Duration runCpu,
                        Duration simulated, long steps, boolean stalled, Metrics metrics, Latencies.Percentiles claimLatency,
                        Latencies.Percentiles blockedWait, int goalsCompleted, List<InvariantResult> invariants) {

    SimulationResult {
        invariants = List.copyOf(invariants);
    }

    boolean passed() {
        return invariants.stream().allMatch(InvariantResult::passed);
    }

    double transitionsPerSecond() {
        return perSecond(metrics.transitions.sum());
    }

    double tasksPerSecond() {
        return perSecond(metrics.tasksDone.sum());
    }

    /** Tasks that reached Done per second of processor time (of all cores together) the run used. */
    double tasksPerCpuSecond() {
        double seconds = runCpu.toNanos() / 1e9;
        return seconds == 0 ? 0 : metrics.tasksDone.sum() / seconds;
    }

    private double perSecond(long count) {
        double seconds = run.toNanos() / 1e9;
        return seconds == 0 ? 0 : count / seconds;
    }
}
