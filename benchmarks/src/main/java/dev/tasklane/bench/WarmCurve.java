package dev.tasklane.bench;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
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
     * The server as an operator starts it: {@code bin/tasklane} with no option of the bench's, on the JDK the launcher
     * finds ({@code JAVA_HOME}, else {@code java} on the {@code PATH}), with the archive or cache and the JIT it picks
     * for this machine ({@code TASKLANE_JIT} auto: {@link ServerProcess} passes no {@code TASKLANE_} variable of the
     * bench's own).
     */
    static List<String> defaultLaunch(Path jar) {
        return List.of(root(jar).resolve("bin/tasklane").toString());
    }

    /**
     * The ways to start the server that {@code --only warm} compares, by result key: {@code default} (as
     * {@link #defaultLaunch}), plain {@code java -jar} and {@code bin/tasklane} with the tiered JIT and with C1 only
     * ({@code TASKLANE_JIT}) on the bench's JDK ({@code jdk17_*}, the project's JDK), and the same on {@code java25}
     * when there is one ({@code jdk25_*}: bin/tasklane's AOT cache).
     */
    static Map<String, List<String>> levers(Path jar, String java17, String java25) {
        Map<String, List<String>> ways = new LinkedHashMap<>();
        ways.put("default", defaultLaunch(jar));
        ways.put("jdk17_plain", List.of(java17 + "/bin/java", "-jar", jar.toString()));
        ways.put("jdk17_cds", launcher(jar, java17, "tiered"));
        ways.put("jdk17_cds_c1", launcher(jar, java17, "c1"));
        if (java25 != null && !java25.isBlank()) {
            ways.put("jdk25_plain", List.of(java25 + "/bin/java", "-jar", jar.toString()));
            ways.put("jdk25_aot", launcher(jar, java25, "tiered"));
            ways.put("jdk25_aot_c1", launcher(jar, java25, "c1"));
        }
        return ways;
    }

    /** {@code bin/tasklane} on the JDK at {@code javaHome} with {@code TASKLANE_JIT=jit} (auto, c1 or tiered). */
    static List<String> launcher(Path jar, String javaHome, String jit) {
        return List.of("env", "JAVA_HOME=" + javaHome, "TASKLANE_JIT=" + jit, root(jar).resolve("bin/tasklane").toString());
    }

    /** What {@link #defaultLaunch} runs: the JDK's version (e.g. {@code 17.0.15}) and the JIT, c1 or tiered. */
    record Launch(String jdk, String jit) {
    }

    /**
     * The JDK {@link #defaultLaunch} runs on, as bin/tasklane finds it, and the JIT bin/tasklane picks with
     * {@code processors} available: C1 only with 2 or fewer.
     */
    static Launch defaultLaunched(int processors) throws IOException {
        String home = System.getenv("JAVA_HOME");
        Path java = null;
        if (home != null && !home.isBlank() && Files.isExecutable(Path.of(home, "bin", "java"))) {
            java = Path.of(home, "bin", "java");
        } else {
            for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
                if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, "java"))) {
                    java = Path.of(dir, "java");
                    break;
                }
            }
        }
        String version = "unknown";
        if (java != null) {
            Path release = java.toRealPath().getParent().getParent().resolve("release");
            if (Files.exists(release)) {
                version = Files.readAllLines(release).stream().filter(l -> l.startsWith("JAVA_VERSION="))
                        .map(l -> l.substring(l.indexOf('=') + 1).replace("\"", "")).findFirst().orElse(version);
            }
        }
        return new Launch(version, processors <= 2 ? "c1" : "tiered");
    }

    private static Path root(Path jar) {
        return jar.toAbsolutePath().getParent().getParent().getParent();
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
