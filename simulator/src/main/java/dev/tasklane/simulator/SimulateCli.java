package dev.tasklane.simulator;

import dev.tasklane.adapter.inmemory.InMemoryStores;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.file.Path;

/**
 * {@code tasklane simulate}: many simulated agents and reviewers work through a plan over the real use cases
 * and the in-memory store, in one process and without HTTP; then throughput, claim latency and waits are
 * reported and the service's invariants are checked against the simulator's own event log.
 * {@link #run} returns the exit code: {@link #PASSED}, {@link #FAILED} (an invariant failed or the run broke
 * down) or {@link #USAGE}.
 */
public final class SimulateCli {
    /** Every invariant held. Also the code of --help. */
    public static final int PASSED = 0;
    /** An invariant failed, or a participant met an unexpected error, or the plan could not be read. */
    public static final int FAILED = 1;
    /** A bad flag or value. */
    public static final int USAGE = CommandLine.ExitCode.USAGE;

    private SimulateCli() {
    }

    /** Parses {@code args}, runs the simulation and writes the report to {@code out}; problems go to {@code err}. */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        Options options = new Options();
        CommandLine commandLine = new CommandLine(options);
        commandLine.setOut(new PrintWriter(out, true));
        commandLine.setErr(new PrintWriter(err, true));
        SimulationConfig config;
        try {
            commandLine.parseArgs(args);
            if (commandLine.isUsageHelpRequested()) {
                commandLine.usage(out);
                return PASSED;
            }
            config = options.config();
        } catch (CommandLine.ParameterException | IllegalArgumentException bad) {
            err.println(bad.getMessage());
            commandLine.usage(err);
            return USAGE;
        }
        try {
            InMemoryStores stores = InMemoryStores.create();
            ProgressBar progress = options.progress || System.console() != null ? ProgressBar.to(err) : ProgressBar.off();
            // the plan is handed over without a local of its own here, so that the run can let it go; the set-up is
            // timed from before the plan is generated or read (docs/simulator.md, "What the figures measure")
            long began = System.nanoTime();
            long cpuBegan = Simulation.processCpuNanos();
            SimulationResult result = new Simulation(stores.tasks(), stores.directory(), stores.transactions())
                    .run(config, plan(options, config), progress, began, cpuBegan);
            out.print(options.json ? ReportFormatter.json(result) : ReportFormatter.text(result));
            return result.passed() ? PASSED : FAILED;
        } catch (IOException | IllegalArgumentException | SimulationFailedException broken) {
            err.println("Simulation failed: " + broken.getMessage());
            return FAILED;
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            err.println("Simulation interrupted");
            return FAILED;
        }
    }

    private static Plan plan(Options options, SimulationConfig config) throws IOException {
        return options.plan == null
                ? new PlanGenerator(config.seed(), options.tasks, config.agents(), config.reviewShare()).generate(options.tasks)
                : PlanFile.read(options.plan);
    }

    @Command(name = "simulate", sortOptions = false,
            description = "Runs simulated agents and reviewers through a plan over the real use cases and the "
                    + "in-memory store; reports throughput, claim latency and waits, and checks the invariants.")
    static final class Options {
        @Option(names = "--agents", paramLabel = "N", description = "Concurrent simulated agents (default: ${DEFAULT-VALUE}).")
        int agents = 8;

        @Option(names = "--tasks", paramLabel = "N", description = "Tasks in the generated plan (default: ${DEFAULT-VALUE}).")
        int tasks = 1000;

        @Option(names = "--seed", description = "Seed of the plan and of every participant's choices (default: ${DEFAULT-VALUE}).")
        long seed = 1;

        @Option(names = "--plan", paramLabel = "FILE",
                description = "Work through this plan (the JSON body of POST /api/tasks/batch) instead of a generated one.")
        Path plan;

        @Option(names = "--reviewers", paramLabel = "N", description = "Simulated reviewers (default: one per eight agents).")
        Integer reviewers;

        @Option(names = "--review-share", paramLabel = "SHARE",
                description = "Share of generated tasks that need review (default: ${DEFAULT-VALUE}).")
        double reviewShare = 0.1;

        @Option(names = "--rework-share", paramLabel = "SHARE",
                description = "Share of first reviews that request changes (default: ${DEFAULT-VALUE}).")
        double reworkShare = 0.2;

        @Option(names = "--expire-share", paramLabel = "SHARE",
                description = "Share of claims an agent abandons, so that the lease expires (default: ${DEFAULT-VALUE}).")
        double expireShare = 0.02;

        @Option(names = "--threads", paramLabel = "N",
                description = "Worker threads the participants take turns on (default: one per processor).")
        Integer threads;

        @Option(names = "--json", description = "Write the report as JSON.")
        boolean json;

        @Option(names = "--progress", description = "Show a progress bar on stderr even when not on a console.")
        boolean progress;

        @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help and exit.")
        boolean help;

        SimulationConfig config() {
            if (tasks < 1) {
                throw new IllegalArgumentException("--tasks must be at least 1");
            }
            return new SimulationConfig(agents, reviewers == null ? SimulationConfig.reviewersFor(agents) : reviewers,
                    seed, reviewShare, reworkShare, expireShare, threads == null ? SimulationConfig.defaultThreads() : threads);
        }
    }
}
