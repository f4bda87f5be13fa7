package dev.tasklane.bootstrap;

import dev.tasklane.application.port.in.IdentityUseCase;
import dev.tasklane.client.AgentCli;
import dev.tasklane.client.McpBridge;
import dev.tasklane.simulator.SimulateCli;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.util.Arrays;
import java.util.Map;
import java.util.Objects;
import picocli.CommandLine;

/**
 * {@code java -jar tasklane.jar [serve] [flags]}: resolves the configuration, starts the server, prints the
 * start-up banner and serves until SIGTERM. {@link #run(String[])} returns the exit code instead of exiting,
 * so tests drive it without {@code System.exit}; {@link #configure(String[])} stops after configuration.
 */
public final class Main {
    /** Exit code of a successful run, or of --help and --version. */
    public static final int OK = 0;
    /** Exit code when the server failed at start-up or while running. */
    public static final int FAILED = 1;
    /** Exit code of a bad flag, variable or value (picocli's usage code). */
    public static final int USAGE = CommandLine.ExitCode.USAGE;

    private static final String SERVE = "serve";
    private static final String AGENT = "agent";
    private static final String SIMULATE = "simulate";
    private static final String MCP = "mcp";

    private final Map<String, String> env;
    private final PrintStream out;
    private final PrintStream err;

    public Main(Map<String, String> env, PrintStream out, PrintStream err) {
        this.env = Map.copyOf(Objects.requireNonNull(env));
        this.out = Objects.requireNonNull(out);
        this.err = Objects.requireNonNull(err);
    }

    public static void main(String[] args) {
        FrameworkLogging.configure(args, System.getenv());
        int code = new Main(System.getenv(), System.out, System.err).run(args);
        if (code != OK) {
            System.exit(code);
        }
    }

    /** The outcome of reading the command line and environment: a configuration, or an exit code. */
    public record Configured(ServerConfig config, int exitCode) {
        public boolean serve() {
            return config != null;
        }
    }

    /** Parses flags and variables; prints help, version or the error. Never starts anything. */
    public Configured configure(String[] args) {
        ServerOptions options = new ServerOptions();
        CommandLine commandLine = new CommandLine(options);
        commandLine.setOut(new PrintWriter(out, true));
        commandLine.setErr(new PrintWriter(err, true));
        try {
            commandLine.parseArgs(args);
        } catch (CommandLine.ParameterException bad) {
            err.println(bad.getMessage());
            commandLine.usage(err);
            return new Configured(null, USAGE);
        }
        if (commandLine.isUsageHelpRequested()) {
            commandLine.usage(out);
            return new Configured(null, OK);
        }
        if (commandLine.isVersionHelpRequested()) {
            commandLine.printVersionHelp(out);
            return new Configured(null, OK);
        }
        if (options.command != null && !SERVE.equals(options.command)) {
            err.println("Unknown command '" + options.command + "': the commands are serve (the default), agent, mcp and simulate.");
            return new Configured(null, USAGE);
        }
        try {
            return new Configured(new ConfigResolver(env).resolve(options), OK);
        } catch (ConfigurationException bad) {
            err.println(bad.getMessage());
            return new Configured(null, USAGE);
        }
    }

    /**
     * Runs a command: {@code agent ...} is the agent client ({@link AgentCli}), {@code mcp ...} the stdio bridge to a
     * server's MCP endpoint ({@link McpBridge}), {@code simulate ...} the
     * in-memory simulator ({@link SimulateCli}); anything else configures, starts and serves until SIGTERM (or
     * until the server is closed). Returns the exit code.
     */
    public int run(String[] args) {
        if (args.length > 0 && AGENT.equals(args[0])) {
            return AgentCli.run(Arrays.copyOfRange(args, 1, args.length), env, out, err);
        }
        if (args.length > 0 && MCP.equals(args[0])) {
            return McpBridge.run(Arrays.copyOfRange(args, 1, args.length), env, System.in, out, err);
        }
        if (args.length > 0 && "forecast".equals(args[0])) {
            return dev.tasklane.simulator.ForecastCli.run(Arrays.copyOfRange(args, 1, args.length), out, err);
        }
        if (args.length > 0 && SIMULATE.equals(args[0])) {
            return SimulateCli.run(Arrays.copyOfRange(args, 1, args.length), out, err);
        }
        StartupTimeline timeline = StartupTimeline.sinceProcessStart();
        Configured configured = configure(args);
        if (!configured.serve()) {
            return configured.exitCode();
        }
        timeline.mark("configuration");
        Server.Started started;
        try {
            started = Server.start(configured.config(), timeline);
        } catch (RuntimeException failed) {
            err.println("Tasklane failed to start: " + Redaction.secrets(failed.getMessage()));
            return FAILED;
        }
        RunningServer server = started.server();
        Runtime.getRuntime().addShutdownHook(new Thread(server::close, "tasklane-shutdown"));
        banner(configured.config(), started);
        try {
            server.awaitStop();
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            server.close();
        }
        return OK;
    }

    void banner(ServerConfig config, Server.Started started) {
        String base = started.baseUrl();
        out.println();
        out.println("Tasklane is running at " + base + " (port " + started.server().port() + ")");
        out.println("  store:               " + started.store());
        out.println("  completion checks:   " + config.workflow().completionValidation().name().toLowerCase(java.util.Locale.ROOT));
        out.println("  onboarding:          curl " + base + "/api/agent/onboarding");
        out.println("  health:              curl " + base + "/health");
        out.println("  MCP endpoint:        " + base + "/mcp (Streamable HTTP, Authorization: Bearer <token>)");
        java.util.OptionalInt management = started.server().managementPort();
        out.println("  metrics:             " + (management.isPresent()
                ? "curl http://localhost:" + management.getAsInt() + "/metrics   (management port, no token)"
                : "curl " + base + "/metrics -H \"Authorization: Bearer $ADMIN_TOKEN\"   (admin token)"));
        out.println("  started in:          " + started.timeline().summary());
        IdentityUseCase.Bootstrap bootstrap = started.bootstrap();
        if (bootstrap.token() == IdentityUseCase.BootstrapToken.IGNORED) {
            out.println("  bootstrap token:     IGNORED: " + bootstrap.tokenNote());
        } else if (bootstrap.tokenWorks()) {
            out.println("  API token:           your bootstrap token, TASKLANE_BOOTSTRAP_TOKEN (admin, reviewer, board "
                    + bootstrap.board().name() + (bootstrap.token() == IdentityUseCase.BootstrapToken.PRESENT
                    ? "; stored already)" : bootstrap.created() ? "; created with the store)" : "; added to this store)"));
            out.println("  try:                 curl " + base + "/api/me -H \"Authorization: Bearer $TOKEN\"   (TOKEN: "
                    + "that token, as in the README)");
        } else if (bootstrap.created() && bootstrap.adminPassword() != null) {
            out.println("  admin password:      " + bootstrap.adminPassword() + "   (shown once; user 'admin')");
            out.println("  sign in:             open " + base + "/ as 'admin' with that password");
            out.println("  API token:           trade the password for one (then create more in the web interface");
            out.println("                       or with POST /api/tokens):");
            out.println("                       curl -X POST " + base + "/api/sessions -H 'Content-Type: application/json'"
                    + " -d '{\"username\": \"admin\", \"password\": \"" + bootstrap.adminPassword()
                    + "\", \"board\": \"" + bootstrap.board().name() + "\"}'");
        } else {
            out.println("  API token:           use an existing token; create more with POST " + base + "/api/tokens");
        }
        out.println("Stop with Ctrl-C or SIGTERM.");
        out.flush();
    }
}
