package dev.tasklane.simulator;

import dev.tasklane.domain.flow.FlowReport;

import java.time.Duration;
import java.util.Collections;
import java.util.List;

/**
 * Everything a simulation measured and concluded.
 *
 * @param phases         wall and processor time of the set-up, the run and the checks, apart
 * @param simulated      simulated time from the first claim to the last step
 * @param steps          how many times the simulated clock moved
 * @param stalled        the run was stopped because no task reached Done for {@link Sweeper#STALL_STEPS} steps
 * @param claimLatency   wall time of each claim call, in nanoseconds (refused claims included)
 * @param blockedWait    simulated minutes between a task's last dependency reaching Done and its first claim
 * @param awaitingInput  simulated minutes each question waited for its answer
 * @param goalsCompleted goals the store reports completed at the end
 * @param logDigest      {@link EventLog#digest} of the run's event log: the same seed gives the same digest
 * @param flow           the flow figures of the run on the simulated clock ({@link FlowOfTheRun})
 * @param events         the run's event log, by start
 */
record SimulationResult(SimulationConfig config, int goals, int tasks, Phases phases, Duration simulated, long steps, boolean stalled, Metrics metrics, Latencies.Percentiles claimLatency,
                        Latencies.Percentiles blockedWait, Latencies.Percentiles awaitingInput, int goalsCompleted, List<InvariantResult> invariants, long logDigest,
                        FlowReport flow, List<LogEvent> events) {

    /**
     * The three phases of a run, timed apart (docs/simulator.md, "What the figures measure"): only the run is the
     * agents' work, and only the run's wall time divides the throughput figures.
     *
     * @param setup    wall time to enlist the team and create the plan
     * @param setupCpu processor time the whole process used during the set-up
     * @param run      wall time the agents ran
     * @param turnsCpu processor time of the one thread that ran the participants' turns: what the run costs a core
     *                 of its own, the compiler's and the garbage collector's threads running beside it
     * @param runCpu   processor time the whole process used while the agents ran (every thread, the garbage
     *                 collector's included); on a machine shared with other work it says more than {@code run}
     * @param check    wall time of the checks after the run: the invariants and the waits, read from the log
     */
    record Phases(Duration setup, Duration setupCpu, Duration run, Duration runCpu, Duration turnsCpu, Duration check) {
    }

    SimulationResult {
        invariants = List.copyOf(invariants);
        events = Collections.unmodifiableList(events);
    }

    Duration setup() {
        return phases.setup();
    }

    Duration run() {
        return phases.run();
    }

    Duration runCpu() {
        return phases.runCpu();
    }

    /** The event log's digest as 16 hexadecimal digits. */
    String digestHex() {
        return String.format("%016x", logDigest);
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

    /** Tasks that reached Done per second of processor time of the thread that ran the turns. */
    double tasksPerTurnsCpuSecond() {
        double seconds = phases.turnsCpu().toNanos() / 1e9;
        return seconds == 0 ? 0 : metrics.tasksDone.sum() / seconds;
    }

    /** Tasks that reached Done per second of processor time (of all cores together) the run used. */
    double tasksPerCpuSecond() {
        double seconds = phases.runCpu().toNanos() / 1e9;
        return seconds == 0 ? 0 : metrics.tasksDone.sum() / seconds;
    }

    private double perSecond(long count) {
        double seconds = phases.run().toNanos() / 1e9;
        return seconds == 0 ? 0 : count / seconds;
    }
}
