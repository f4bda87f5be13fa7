package dev.tasklane.bench;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * How fast a fresh server reaches speed: a server process started on a database that already holds a backlog
 * (tasks in goals of 10, seeded by an earlier process, so that the seeding is not on the clock), loaded from its first
 * answered {@code /health/ready} by {@link #AGENTS} outside agents doing the server-picked claim
 * ({@link OutsideLoad.Workload#GOALS}), the cycles counted in one-second slots from the moment the process was started.
 * The slots before the first cycle are the server's own start (JVM, store, HTTP stack) and its first requests: the
 * load's users and tokens exist already, and the load generator is the same warm process that seeded them.
 * {@code warm_s} is the first second from which the next {@link #WINDOW_S} seconds and the rest of the curve both run
 * at no less than {@link #WITHIN} of the steady state. The steady state is measured on the same server after the
 * curve, well past its warm-up: loaded on in rounds of {@link #SETTLE_ROUND_S} until its JIT compilers use under
 * {@link #JIT_SETTLED} of its processor time (at most {@link #SETTLE_MAX_S}), then measured for {@link #STEADY_S}
 * (or the curve's own last {@link #TAIL_S} seconds, when they are faster).
 */
final class WarmCurve {
    static final int AGENTS = 8;
    static final double WITHIN = 0.9;
    static final int WINDOW_S = 3;
    static final int TAIL_S = 10;
    static final double SETTLE_ROUND_S = 4;
    static final double SETTLE_MAX_S = 32;
    static final double STEADY_S = 10;
    static final double JIT_SETTLED = 0.05;

    /** Cycles finished in each whole second since the process started; the last slot (cut short) is left out. */
    final long[] perSecond;
    /** Seconds from process start to the first answered /health. */
    final double liveSeconds;
    /** The rate of the same server measured after the curve, once its compilers rested; NaN when the backlog ran out. */
    final double settledRate;
    /** Seconds of load after the curve before that measurement (the settling rounds). */
    final double settledAfter;

    WarmCurve(long[] perSecond, double liveSeconds, double settledRate, double settledAfter) {
        this.perSecond = perSecond;
        this.liveSeconds = liveSeconds;
        this.settledRate = settledRate;
        this.settledAfter = settledAfter;
    }

    /**
     * Starts a server with {@code command} and runs the load for {@code seconds} from its first /health; with
     * {@code topUp}, that server then seeds as many tasks as the curve claimed, for the next curve.
     */
    static WarmCurve measure(List<String> command, Map<String, String> environment, Path log, OutsideLoad load,
                             String adminToken, double seconds, boolean topUp) throws Exception {
        try (ServerProcess server = ServerProcess.start(command, environment, log)) {
            int slots = (int) Math.ceil(server.startupSeconds + seconds) + 1;
            AtomicLongArray counts = new AtomicLongArray(slots);
            OutsideLoad here = load.on(server.baseUrl(), adminToken);
            OutsideLoad.Result result = here.run(OutsideLoad.Workload.GOALS, AGENTS, 0, seconds, counts, server.startedNanos);
            if (result.level().ranOut()) {
                System.out.println("   the warm-up curve's backlog ran out: the curve ends early");
            }
            double settledRate = Double.NaN;
            double settledAfter = 0;
            if (!result.level().ranOut()) {
                // the steady state, well past warm-up: a backlog for the settling rounds and the measurement (seeded
                // off the curve's clock), rounds until the compilers rest, then the measured window
                double rate = Math.max(50, result.level().allCycles() / Math.max(1.0, seconds));
                here.seed(OutsideLoad.Workload.GOALS, (int) (3 * rate * (SETTLE_MAX_S + STEADY_S)) + 500, 4);
                boolean dry = false;
                while (settledAfter < SETTLE_MAX_S && !dry) {
                    Duration cpu = server.cpu();
                    Duration jit = server.compilerCpu();
                    OutsideLoad.Result round = here.run(OutsideLoad.Workload.GOALS, AGENTS, 0, SETTLE_ROUND_S, null, 0);
                    settledAfter += SETTLE_ROUND_S;
                    dry = round.level().ranOut();
                    double share = server.compilerCpu().minus(jit).toNanos()
                            / (double) Math.max(1, server.cpu().minus(cpu).toNanos());
                    if (share < JIT_SETTLED) {
                        break;
                    }
                }
                OutsideLoad.Result steady = dry ? null : here.run(OutsideLoad.Workload.GOALS, AGENTS, 0, STEADY_S, null, 0);
                if (steady != null && !steady.level().ranOut()) {
                    settledRate = steady.level().cyclesPerSecond();
                }
            }
            if (topUp) {
                here.seed(OutsideLoad.Workload.GOALS, (int) result.level().allCycles() + 100, 4);
            }
            // the slot the load stopped in is a part of a second: leave it out
            int last = (int) Math.floor(server.startupSeconds + seconds);
            long[] perSecond = new long[Math.min(slots, last)];
            for (int i = 0; i < perSecond.length; i++) {
                perSecond[i] = counts.get(i);
            }
            return new WarmCurve(perSecond, server.startupSeconds, settledRate, settledAfter);
        }
    }

    /**
     * The steady state, cycles/s: the rate measured after the curve once the server's compilers rested, or the mean
     * of the curve's last {@link #TAIL_S} seconds when that is faster (or the only one there is).
     */
    double tail() {
        double curveTail = mean(Math.max(0, perSecond.length - TAIL_S), perSecond.length);
        return Double.isNaN(settledRate) ? curveTail : Math.max(settledRate, curveTail);
    }

    /**
     * The seconds from process start until the server runs at {@link #WITHIN} of {@code steady} and stays there (see
     * the class comment); NaN when the curve never gets there.
     */
    double warmSeconds(double steady) {
        double floor = WITHIN * steady;
        for (int t = 0; t + WINDOW_S <= perSecond.length; t++) {
            if (mean(t, t + WINDOW_S) >= floor && mean(t, perSecond.length) >= floor) {
                return t;
            }
        }
        return Double.NaN;
    }

    private double mean(int from, int to) {
        long sum = 0;
        for (int i = from; i < to; i++) {
            sum += perSecond[i];
        }
        return to > from ? sum / (double) (to - from) : 0;
    }

    List<Long> asList() {
        List<Long> list = new ArrayList<>();
        for (long count : perSecond) {
            list.add(count);
        }
        return list;
    }
}
