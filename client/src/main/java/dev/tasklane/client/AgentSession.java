package dev.tasklane.client;

import com.fasterxml.jackson.databind.JsonNode;

import java.io.PrintStream;
import java.nio.file.Path;

/**
 * What every agent command works with: the API client, the working directory (where {@code .stride.md},
 * {@code .stride_auth.md} and {@code .tasklane/} live), the agent's name and the output streams. The board and the
 * hook timeouts are read from the server once, when first needed. {@code out} is for progress (what runs, what
 * happened), {@code err} for warnings.
 */
final class AgentSession {
    final TasklaneClient client;
    final Path workDir;
    final String agentName;
    final PrintStream out;
    final PrintStream err;
    private TaskEnvironment environment;
    private HookTimeouts timeouts;
    private SessionReporter reporter;

    private final java.util.Map<String, String> env;

    AgentSession(TasklaneClient client, Path workDir, String agentName, PrintStream out, PrintStream err) {
        this(client, workDir, agentName, out, err, System.getenv());
    }

    /** @param env the process's environment, whose secret-looking values the reporter never echoes */
    AgentSession(TasklaneClient client, Path workDir, String agentName, PrintStream out, PrintStream err,
                 java.util.Map<String, String> env) {
        this.env = java.util.Map.copyOf(env);
        this.client = client;
        this.workDir = workDir;
        this.agentName = agentName;
        this.out = out;
        this.err = err;
    }

    HookRunner hooks() {
        return new HookRunner(StrideHooks.load(workDir), new ShellProcess(workDir), out);
    }

    GitSnapshot git() {
        return new GitSnapshot(workDir);
    }

    TaskEnvironment environment() {
        if (environment == null) {
            JsonNode board = client.me().path("board");
            environment = new TaskEnvironment(board, agentName);
        }
        return environment;
    }

    /** What the agent tells its task's session by itself, with the secrets of this process's environment redacted. */
    SessionReporter reporter() {
        if (reporter == null) {
            reporter = new SessionReporter(client, SessionReporter.secretsOf(env, client.token()), err,
                    System::nanoTime);
        }
        return reporter;
    }

    HookTimeouts timeouts() {
        if (timeouts == null) {
            timeouts = HookTimeouts.from(client.onboarding());
        }
        return timeouts;
    }
}
