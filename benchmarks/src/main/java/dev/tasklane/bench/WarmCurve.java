package dev.tasklane.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * How fast a fresh server reaches speed: a server process started on a database that already holds a backlog
 * (tasks in goals of 10, seeded by an earlier process), loaded from its first answered {@code /health} by
 * {@link #AGENTS} outside agents doing the server-picked claim ({@link OutsideLoad.Workload#GOALS}), the cycles counted
 * in one-second slots from the moment the process was started. {@code warm_s} is the first second from which the
 * next {@link #WINDOW_S} seconds and the rest of the curve both run at no less than {@link #WITHIN} of the steady
 * state, which is the warm server's rate measured after the curve in the same run (or the curve's own last
 * {@link #TAIL_S} seconds, when they are faster).
 */
final class WarmCurve {
    static final int AGENTS = 8;
    static final double WITHIN = 0.9;
    static final int WINDOW_S = 3;
    static final int TAIL_S = 10;

    /** Cycles finished in each whole second since the process started; the last slot (cut short) is left out. */
    final long[] perSecond;
    /** Seconds from process start to the first answered /health. */
    final double liveSeconds;

    WarmCurve(long[] perSecond, double liveSeconds) {
        this.perSecond = perSecond;
        this.liveSeconds = liveSeconds;
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
            if (topUp) {
                here.seed(OutsideLoad.Workload.GOALS, (int) result.level().allCycles() + 100, 4);
            }
            // the slot the load stopped in is a part of a second: leave it out
            int last = (int) Math.floor(server.startupSeconds + seconds);
            long[] perSecond = new long[Math.min(slots, last)];
            for (int i = 0; i < perSecond.length; i++) {
                perSecond[i] = counts.get(i);
            }
            return new WarmCurve(perSecond, server.startupSeconds);
        }
    }

    /** The mean of the last {@link #TAIL_S} seconds, cycles/s. */
    double tail() {
        return mean(Math.max(0, perSecond.length - TAIL_S), perSecond.length);
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
