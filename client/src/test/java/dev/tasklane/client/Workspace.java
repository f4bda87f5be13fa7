package dev.tasklane.client;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * An agent's project directory for a test: a git repository with a committed {@code .stride.md}, the agent's
 * credentials in the environment, and {@link #agent} to run {@code tasklane agent ...} in it, capturing the output.
 */
final class Workspace {
    final Path dir;
    final Map<String, String> env = new HashMap<>();
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    Workspace(Path dir, String url, String token) {
        this.dir = dir;
        env.put(Credentials.URL_ENV, url);
        env.put(Credentials.TOKEN_ENV, token);
        env.put(AgentSubcommand.AGENT_NAME_ENV, "test-agent");
    }

    /** Every hook appends "$HOOK_NAME $TASK_IDENTIFIER" to hooks.log (kept out of git). */
    static String loggingHooks() {
        StringBuilder md = new StringBuilder("# Hooks\n\n");
        for (String hook : List.of("before_doing", "after_doing", "before_review", "after_review", "after_goal")) {
            md.append("## ").append(hook).append("\n\nLogs itself.\n\n```bash\n")
                    .append("echo \"$HOOK_NAME $TASK_IDENTIFIER\" >> hooks.log\n```\n\n");
        }
        return md.toString();
    }

    Workspace gitInit(String strideMd) {
        write(".stride.md", strideMd);
        write(".gitignore", "hooks.log\n");
        git("init", "-q");
        git("add", "-A");
        git("-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "-m", "init");
        return this;
    }

    void write(String path, String content) {
        try {
            Path file = dir.resolve(path);
            Files.createDirectories(file.getParent());
            Files.writeString(file, content);
        } catch (IOException failed) {
            throw new UncheckedIOException(failed);
        }
    }

    String read(String path) {
        try {
            return Files.readString(dir.resolve(path));
        } catch (IOException failed) {
            throw new UncheckedIOException(failed);
        }
    }

    List<String> hookLog() {
        return Files.exists(dir.resolve("hooks.log")) ? read("hooks.log").lines().toList() : List.of();
    }

    int agent(String... args) {
        List<String> all = new ArrayList<>(List.of(args));
        all.add("--dir=" + dir);
        return AgentCli.run(all.toArray(String[]::new), env, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    String out() {
        return out.toString(StandardCharsets.UTF_8);
    }

    String err() {
        return err.toString(StandardCharsets.UTF_8);
    }

    void git(String... args) {
        List<String> command = new ArrayList<>(List.of("git"));
        command.addAll(List.of(args));
        try {
            Process git = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
            String output = new String(git.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!git.waitFor(30, TimeUnit.SECONDS) || git.exitValue() != 0) {
                throw new AssertionError("git " + args[0] + " failed: " + output);
            }
        } catch (IOException failed) {
            throw new UncheckedIOException(failed);
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            throw new AssertionError(interrupted);
        }
    }
}
