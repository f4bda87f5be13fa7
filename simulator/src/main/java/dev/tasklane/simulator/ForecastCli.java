package dev.tasklane.simulator;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tasklane.adapter.inmemory.InMemoryStores;
import dev.tasklane.application.port.in.Created;
import dev.tasklane.application.port.in.CreateBatch;
import dev.tasklane.application.port.in.IdentityUseCase;
import dev.tasklane.application.port.in.TargetForecastUseCase.ForecastQuery;
import dev.tasklane.application.port.in.TargetsUseCase.NewTarget;
import dev.tasklane.application.service.Tasklane;
import dev.tasklane.domain.agent.Actor;
import dev.tasklane.domain.forecast.Backtest;
import dev.tasklane.domain.forecast.Forecast;
import dev.tasklane.domain.forecast.TeamProfile;
import dev.tasklane.domain.identity.Access;
import picocli.CommandLine;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code tasklane simulate --forecast plan.json} and {@code tasklane forecast --backtest} (docs/forecasting.md):
 * the forecast of a plan's goals from a team file (a board without history), through the same use cases as the
 * server; and the back-test's calibration on simulated histories with known rates.
 */
public final class ForecastCli {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final long MINUTE = 60_000L;

    private ForecastCli() {
    }

    /** Whether {@code args} ask for a forecast or the back-test. */
    public static boolean handles(String[] args) {
        List<String> given = Arrays.asList(args);
        return given.contains("--forecast") || given.contains("--backtest");
    }

    @CommandLine.Command(name = "tasklane simulate --forecast", mixinStandardHelpOptions = true,
            description = "Forecast when a plan's goals will be done, or run the forecast's back-test.")
    static final class Options {
        @Option(names = "--forecast", paramLabel = "PLAN", description = "A plan file (the body of POST /api/tasks/batch)")
        Path plan;
        @Option(names = "--backtest", description = "Replay simulated histories with known rates; report calibration")
        boolean backtest;
        @Option(names = "--team", paramLabel = "FILE", description = "A team file: agents, reviewers, work_minutes, "
                + "review_minutes, rework_share (JSON); without one, 4 agents and 1 reviewer, 30 to 240 min a task")
        Path team;
        @Option(names = "--due", description = "The due date (ISO), default 14 days from today")
        LocalDate due;
        @Option(names = "--runs", description = "Simulated runs (default 1000)")
        Integer runs;
        @Option(names = "--agents", description = "What-if: agents instead of the team's")
        Integer agents;
        @Option(names = "--reviewers", description = "What-if: reviewers instead of the team's")
        Integer reviewers;
        @Option(names = "--trials", description = "Back-test trials (default 200)")
        int trials = 200;
        @Option(names = "--seed", description = "The back-test's seed")
        long seed = 20_261_224L;
        @Option(names = "--json", description = "Answer as the API's forecast JSON")
        boolean json;
    }

    public static int run(String[] args, PrintStream out, PrintStream err) {
        Options options = new Options();
        CommandLine commandLine = new CommandLine(options);
        commandLine.setOut(new PrintWriter(out, true));
        commandLine.setErr(new PrintWriter(err, true));
        try {
            commandLine.parseArgs(args);
            if (commandLine.isUsageHelpRequested()) {
                commandLine.usage(out);
                return SimulateCli.PASSED;
            }
            if (options.backtest) {
                Backtest.Calibration calibration = Backtest.run(options.seed, options.trials,
                        options.runs == null ? 1_000 : options.runs);
                out.printf("back-test: %d simulated boards, seed %d%n  done by p50: %.1f %%%n  done by p85: %.1f %%%n"
                                + "  done by p95: %.1f %%%n  throughput sampling, done by its p85: %.1f %%%n",
                        calibration.trials(), calibration.seed(), 100 * calibration.doneByP50(),
                        100 * calibration.doneByP85(), 100 * calibration.doneByP95(),
                        100 * calibration.throughputByP85());
                return SimulateCli.PASSED;
            }
            if (options.plan == null) {
                throw new CommandLine.ParameterException(commandLine, "give --forecast PLAN or --backtest");
            }
            Forecast forecast = forecast(options);
            out.print(options.json ? JSON.writerWithDefaultPrettyPrinter().writeValueAsString(tree(forecast)) + "\n"
                    : text(forecast));
            return SimulateCli.PASSED;
        } catch (CommandLine.ParameterException | IllegalArgumentException bad) {
            err.println(bad.getMessage());
            commandLine.usage(err);
            return SimulateCli.USAGE;
        } catch (IOException unreadable) {
            err.println(unreadable.getMessage());
            return SimulateCli.FAILED;
        } catch (dev.tasklane.domain.error.TasklaneException refused) {
            err.println(options.plan + ": " + refused.getMessage());
            return SimulateCli.USAGE;
        }
    }

    /** The plan's goals created on an in-memory board through the use cases, targeted and forecast. */
    private static Forecast forecast(Options options) throws IOException {
        Plan plan = PlanFile.read(options.plan);
        InMemoryStores stores = InMemoryStores.create();
        Tasklane app = Tasklane.builder().stores(stores.tasks(), stores.directory(), stores.transactions())
                .targets(stores.targets()).forecastRefresher(work -> { }).build();
        IdentityUseCase.Bootstrap bootstrap = app.identity().bootstrap(null);
        Actor admin = Actor.direct(bootstrap.admin(), bootstrap.board(), Access.OWNER, "planner");
        List<String> goals = new ArrayList<>();
        for (Map<String, Object> goal : plan.goals()) {
            for (Created created : app.batch().createBatch(admin, new CreateBatch(List.of(PlanTasks.goal(goal)),
                    "planner"))) {
                goals.add(created.root().task().identifier().toString());
            }
        }
        LocalDate due = options.due == null ? LocalDate.now(ZoneOffset.UTC).plusDays(14) : options.due;
        dev.tasklane.domain.targets.TargetId target = app.targets().create(admin, new NewTarget("plan", due.toString(), "UTC", goals, null))
                .target().id();
        return app.targetForecasts().forecastWithTeam(admin, target, new ForecastQuery(options.runs, options.agents,
                options.reviewers, null), team(options.team));
    }

    private static TeamProfile team(Path file) throws IOException {
        if (file == null) {
            return new TeamProfile(4, 1, minutes(30, 45, 60, 90, 120, 240), minutes(10, 30, 60), 0.1);
        }
        JsonNode root = JSON.readTree(Files.readString(file));
        try {
            return new TeamProfile(root.path("agents").asInt(1), root.path("reviewers").asInt(1),
                    minutes(root.path("work_minutes")), minutes(root.path("review_minutes")),
                    root.path("rework_share").asDouble(0));
        } catch (IllegalArgumentException bad) {
            throw new IllegalArgumentException(file + ": " + bad.getMessage()
                    + " (a team file is {\"agents\", \"reviewers\", \"work_minutes\": [..], \"review_minutes\": [..], "
                    + "\"rework_share\"})");
        }
    }

    private static long[] minutes(JsonNode values) {
        long[] millis = new long[values.size()];
        for (int i = 0; i < millis.length; i++) {
            millis[i] = Math.round(values.get(i).asDouble() * MINUTE);
        }
        return millis;
    }

    private static long[] minutes(long... values) {
        return Arrays.stream(values).map(v -> v * MINUTE).toArray();
    }

    private static String text(Forecast forecast) {
        Forecast.BasedOn on = forecast.basedOn();
        StringBuilder out = new StringBuilder();
        out.append("forecast (").append(forecast.method().code()).append(", ").append(forecast.runs())
                .append(" runs, seed ").append(on.seed()).append(")\n");
        out.append("  p50 ").append(forecast.p50()).append("\n  p85 ").append(forecast.p85()).append("\n  p95 ")
                .append(forecast.p95()).append('\n');
        out.append(String.format("  by the due date %s: %.0f %%%s%n", forecast.due(), 100 * forecast.probabilityByDue(),
                forecast.atRisk() ? " (at risk)" : ""));
        out.append("  from ").append(on.source().code()).append(": ").append(on.agents()).append(" agents, ")
                .append(on.reviewers()).append(" reviewers, ").append(on.openTasks()).append(" open tasks\n");
        Forecast other = forecast.alternative();
        out.append("  ").append(other.method().code()).append(": p85 ").append(other.p85()).append('\n');
        Forecast.ASSUMPTIONS.forEach(line -> out.append("  - ").append(line).append('\n'));
        return out.toString();
    }

    private static Map<String, Object> tree(Forecast forecast) {
        Map<String, Object> tree = new LinkedHashMap<>();
        tree.put("p50", String.valueOf(forecast.p50()));
        tree.put("p85", String.valueOf(forecast.p85()));
        tree.put("p95", String.valueOf(forecast.p95()));
        tree.put("due_at", forecast.due().toString());
        tree.put("probability_by_due", forecast.probabilityByDue());
        tree.put("at_risk", forecast.atRisk());
        tree.put("runs", forecast.runs());
        tree.put("method", forecast.method().code());
        Forecast.BasedOn on = forecast.basedOn();
        tree.put("based_on", Map.of("window_days", on.windowDays(), "tasks_sampled", on.tasksSampled(),
                "agents", on.agents(), "reviewers", on.reviewers(), "open_tasks", on.openTasks(),
                "source", on.source().code()));
        List<Map<String, Object>> shares = new ArrayList<>();
        forecast.distribution().forEach(share -> shares.add(Map.of("at", share.at().toString(), "share", share.share())));
        tree.put("distribution", shares);
        if (forecast.alternative() != null) {
            tree.put("alternative", tree(forecast.alternative()));
        }
        return tree;
    }
}
