package dev.tasklane.simulator;

import dev.tasklane.adapter.inmemory.InMemoryStores;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code tasklane simulate}: many simulated agents, reviewers and people answering questions work through a plan
 * in one process and without HTTP, on the fast engine or over the real use cases and the in-memory store (both
 * give the same run, {@code --engine}); then throughput, claim latency and waits are reported and the service's
 * invariants are checked against the simulator's own event log. With
 * {@code --compare a.yaml b.yaml} two teams work through the same plan with the same seed, one after the other,
 * and are reported side by side.
 * {@link #run} returns the exit code: {@link #PASSED}, {@link #FAILED} (an invariant failed or the run broke
 * down) or {@link #USAGE}.
 */
public final class SimulateCli {
    /** Every invariant held. Also the code of --help. */
    public static final int PASSED = 0;
    /** An invariant failed, or a participant met an unexpected error, or the plan could not be read. */
    public static final int FAILED = 1;
    /** A bad flag, value or team file. */
    public static final int USAGE = CommandLine.ExitCode.USAGE;
    /** The most tasks a generated plan holds. */
    static final int MAX_TASKS = 10_000_000;
    /** The most worker threads of the checks. */
    static final int MAX_THREADS = 256;

    private SimulateCli() {
    }

    /** Parses {@code args}, runs the simulation and writes the report to {@code out}; problems go to {@code err}. */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        if (ForecastCli.handles(args)) {
            return ForecastCli.run(args, out, err);
        }
        Options options = new Options();
        CommandLine commandLine = new CommandLine(options);
        commandLine.setOut(new PrintWriter(out, true));
        commandLine.setErr(new PrintWriter(err, true));
        List<SimulationConfig> sides;
        try {
            commandLine.parseArgs(args);
            if (commandLine.isUsageHelpRequested()) {
                commandLine.usage(out);
                return PASSED;
            }
            sides = options.sides();
        } catch (TeamConfigException badTeam) {
            err.println(badTeam.getMessage());
            err.println("See tasklane simulate --help, and docs/simulator.md for the team file.");
            return USAGE;
        } catch (CommandLine.ParameterException | IllegalArgumentException bad) {
            err.println(bad.getMessage());
            commandLine.usage(err);
            return USAGE;
        }
        try {
            String mismatch = options.plan == null || sides.size() < 2 ? null : teamTooSmall(PlanFile.read(options.plan), sides);
            if (mismatch != null) {
                err.println(options.plan + ": " + mismatch);
                return USAGE;
            }
            ProgressBar progress = options.progress || System.console() != null ? ProgressBar.to(err) : ProgressBar.off();
            List<SimulationResult> results = new ArrayList<>();
            for (SimulationConfig side : sides) {
                results.add(simulate(side, options, progress));
            }
            if (options.report != null) {
                Files.writeString(options.report, HtmlReport.page(results));
            }
            if (results.size() == 1) {
                out.print(options.json ? ReportFormatter.json(results.get(0)) : ReportFormatter.text(results.get(0)));
            } else {
                out.print(options.json ? ReportFormatter.compareJson(results) : ReportFormatter.compareText(results));
            }
            return results.stream().allMatch(SimulationResult::passed) ? PASSED : FAILED;
        } catch (IOException | IllegalArgumentException | SimulationFailedException broken) {
            err.println("Simulation failed: " + broken.getMessage());
            return FAILED;
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            err.println("Simulation interrupted");
            return FAILED;
        }
    }

    /**
     * Why a plan file cannot be given to every team of a comparison (it assigns a goal to an agent number a team does
     * not have), said before any team runs; null when it can.
     */
    static String teamTooSmall(Plan plan, List<SimulationConfig> sides) {
        int highest = plan.assignments().values().stream().mapToInt(Integer::intValue).max().orElse(-1);
        for (SimulationConfig side : sides) {
            if (highest >= side.agents()) {
                return "assigns a goal to agent " + highest + ", but team \"" + side.team().name() + "\" has "
                        + side.agents() + " agents (numbered from 0)";
            }
        }
        return null;
    }

    /** One run over fresh in-memory stores. */
    private static SimulationResult simulate(SimulationConfig config, Options options, ProgressBar progress)
            throws IOException, InterruptedException {
        // the plan and the stores are handed over without a local of their own here, so that the run can let them
        // go; the set-up is timed from before the plan is generated or read (docs/simulator.md, "What the figures
        // measure")
        long began = System.nanoTime();
        long cpuBegan = Simulation.processCpuNanos();
        return overFreshStores().run(config, plan(options, config), progress, began, cpuBegan);
    }

    private static Simulation overFreshStores() {
        InMemoryStores stores = InMemoryStores.create();
        return new Simulation(stores.tasks(), stores.directory(), stores.transactions(), stores.agentSessions());
    }

    private static Plan plan(Options options, SimulationConfig config) throws IOException {
        return options.plan == null
                ? new PlanGenerator(config.seed(), options.tasks, config.agents(), config.reviewShare()).generate(options.tasks)
                : PlanFile.read(options.plan);
    }

    @Command(name = "simulate", sortOptions = false,
            description = "Runs simulated agents and reviewers through a plan, on a compact board with the use cases' "
                    + "rules or over the use cases and the in-memory store; reports throughput, claim latency and waits, "
                    + "and checks the invariants.")
    static final class Options {
        @Option(names = "--team", paramLabel = "FILE",
                description = "Read the team from this YAML file (docs/simulator.md, \"Team files\"); the flags below override it.")
        Path team;

        @Option(names = "--compare", arity = "2", paramLabel = "FILE",
                description = "Run two team files on the same plan and seed, one after the other, and report them side by side.")
        List<Path> compare;

        @Option(names = "--agents", paramLabel = "N", description = "Simulated agents (default: 8).")
        Integer agents;

        @Option(names = "--tasks", paramLabel = "N", description = "Tasks in the generated plan (default: ${DEFAULT-VALUE}).")
        int tasks = 1000;

        @Option(names = "--seed", description = "Seed of the plan and of every random decision (default: ${DEFAULT-VALUE}).")
        long seed = 1;

        @Option(names = "--plan", paramLabel = "FILE",
                description = "Work through this plan (the JSON body of POST /api/tasks/batch) instead of a generated one.")
        Path plan;

        @Option(names = "--reviewers", paramLabel = "N", description = "Simulated reviewers, one task at a time each (default: one per eight agents).")
        Integer reviewers;

        @Option(names = {"--review-probability", "--review-share"}, paramLabel = "P",
                description = "Share of generated tasks that need review (default: 0.1).")
        Double reviewProbability;

        @Option(names = {"--rework-probability", "--rework-share"}, paramLabel = "P",
                description = "Share of first reviews that request changes (default: 0.2).")
        Double reworkProbability;

        @Option(names = {"--failure-rate", "--expire-share"}, paramLabel = "P",
                description = "Share of claims an agent abandons, so that the lease expires (default: 0.02).")
        Double failureRate;

        @Option(names = "--work-minutes", paramLabel = "SPEC",
                description = "Time an agent works on a task: N, MIN-MAX or lognormal:MEDIAN:P90[:MAX] minutes (default: 10-50).")
        String workMinutes;

        @Option(names = "--review-minutes", paramLabel = "SPEC",
                description = "Time a reviewer takes over a task, once started: as --work-minutes (default: 10-30).")
        String reviewMinutes;

        @Option(names = "--question-rate", paramLabel = "P",
                description = "Share of claims on which the agent asks a question first and waits for a person's answer (default: 0).")
        Double questionRate;

        @Option(names = "--answer-minutes", paramLabel = "SPEC",
                description = "Time a question waits for its answer: as --work-minutes, at most 470 (default: 10-120).")
        String answerMinutes;

        @Option(names = "--wip-limit", paramLabel = "N", description = "The board's WIP limit on Doing (default: none).")
        Integer wipLimit;

        @Option(names = "--engine", paramLabel = "ENGINE",
                description = "fast (the rules on a compact board) or usecases (every call through the use cases over the "
                        + "in-memory store); both give the same run (default: ${DEFAULT-VALUE}).")
        String engine = SimulationConfig.Engine.FAST.flag();

        @Option(names = "--threads", paramLabel = "N",
                description = "Worker threads of the checks after the run; the outcome never depends on it (default: one per processor).")
        Integer threads;

        @Option(names = "--report", paramLabel = "FILE",
                description = "Also write the report as one self-contained HTML page with charts (both teams with --compare).")
        Path report;

        @Option(names = "--json", description = "Write the report as JSON.")
        boolean json;

        @Option(names = "--progress", description = "Show a progress bar on stderr even when not on a console.")
        boolean progress;

        @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help and exit.")
        boolean help;

        /** The team the flags give, each value checked and named by its flag. */
        TeamConfig.Draft flags() {
            try {
                TeamConfig.Draft draft = new TeamConfig.Draft(null, agents, reviewers, reviewProbability, reworkProbability,
                        failureRate, workMinutes == null ? null : TeamFile.parse("work_minutes", workMinutes),
                        reviewMinutes == null ? null : TeamFile.parse("review_minutes", reviewMinutes), questionRate,
                        answerMinutes == null ? null : TeamFile.parse("answer_minutes", answerMinutes), wipLimit);
                draft.build("team");
                return draft;
            } catch (TeamConfigException bad) {
                throw bad.asFlag();
            }
        }

        /** One configuration, or two with --compare. */
        List<SimulationConfig> sides() {
            if (tasks < 1 || tasks > MAX_TASKS) {
                throw new IllegalArgumentException("--tasks must be from 1 to " + MAX_TASKS + ", got " + tasks);
            }
            int workers = threads == null ? SimulationConfig.defaultThreads() : threads;
            if (workers < 1 || workers > MAX_THREADS) {
                throw new IllegalArgumentException("--threads must be from 1 to " + MAX_THREADS + ", got " + workers);
            }
            Path reportDirectory = report == null ? null : report.toAbsolutePath().getParent();
            if (reportDirectory != null && !Files.isDirectory(reportDirectory)) {
                throw new IllegalArgumentException("--report: the directory " + reportDirectory + " does not exist");
            }
            SimulationConfig.Engine board = SimulationConfig.Engine.ofFlag(engine);
            TeamConfig.Draft flags = flags();
            if (compare == null) {
                TeamConfig.Draft file = team == null ? TeamConfig.Draft.EMPTY : TeamFile.read(team);
                return List.of(new SimulationConfig(flags.over(file).build(team == null ? "team" : stem(team)), seed, workers, board));
            }
            if (team != null) {
                throw new IllegalArgumentException("--team and --compare do not go together: --compare takes both teams' files");
            }
            List<SimulationConfig> sides = new ArrayList<>();
            for (Path file : compare) {
                TeamConfig.Draft draft = TeamFile.read(file);
                try {
                    sides.add(new SimulationConfig(flags.over(draft).build(stem(file)), seed, workers, board));
                } catch (TeamConfigException bad) {
                    throw bad.in(file.toString());
                }
            }
            return sides;
        }

        private static String stem(Path file) {
            String name = file.getFileName().toString();
            int dot = name.lastIndexOf('.');
            String stem = dot > 0 ? name.substring(0, dot) : name;
            return stem.length() > TeamConfig.MAX_NAME ? stem.substring(0, TeamConfig.MAX_NAME) : stem;
        }
    }
}
