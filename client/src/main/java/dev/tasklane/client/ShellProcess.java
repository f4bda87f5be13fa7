package dev.tasklane.client;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;

/**
 * Runs one shell command line ({@code bash -c}) in a directory with extra environment entries, streaming its
 * merged stdout/stderr to a line sink while keeping the text. A command still running at its timeout is killed
 * with its whole process tree. The API token ({@code TASKLANE_TOKEN}) is not passed on to hooks and commands.
 */
final class ShellProcess {
    /** The exit code reported for a command killed at its timeout, as {@code timeout(1)} reports it. */
    static final int TIMED_OUT = 124;
    /** Hook output beyond this many characters is cut from the front; the server caps request bodies. */
    static final int MAX_OUTPUT_CHARS = 64 * 1024;

    private final Path workDir;

    ShellProcess(Path workDir) {
        this.workDir = workDir;
    }

    /** The exit code reported for a command ended because a person stopped the session (128 + SIGTERM). */
    static final int STOPPED = 143;
    /** How long a stopped command's processes have between TERM and KILL. */
    static final Duration TERM_GRACE = Duration.ofSeconds(3);
    private static final Duration LONGEST = Duration.ofDays(365);

    /**
     * What a finished (or killed) command left: exit code, output, how long it ran, whether it timed out, whether a
     * stop ended it.
     */
    record Outcome(int exitCode, String output, long durationMs, boolean timedOut, boolean stopped) {
        Outcome(int exitCode, String output, long durationMs, boolean timedOut) {
            this(exitCode, output, durationMs, timedOut, false);
        }

        boolean succeeded() {
            return exitCode == 0 && !stopped;
        }
    }

    Outcome run(String script, Map<String, String> env, Duration timeout, Consumer<String> lines) {
        return run(script, env, timeout, lines, new CompletableFuture<>());
    }

    /**
     * As {@link #run(String, Map, Duration, Consumer)}, and ends the command with its whole process tree as soon as
     * {@code stopRequested} completes (waited on with the command's exit, not polled): TERM to every process, then
     * KILL to those still alive after {@link #TERM_GRACE}.
     */
    Outcome run(String script, Map<String, String> env, Duration timeout, Consumer<String> lines,
                CompletableFuture<?> stopRequested) {
        long started = System.nanoTime();
        Process process = start(script, env);
        StringBuilder output = new StringBuilder();
        Thread pump = new Thread(() -> pump(process, output, lines), "tasklane-output");
        pump.setDaemon(true);
        pump.start();
        try {
            // a timeout of "no limit" is a huge Duration: capped at a year, which no nanosecond arithmetic overflows
            long deadline = started + (timeout.compareTo(LONGEST) > 0 ? LONGEST : timeout).toNanos();
            try {
                CompletableFuture.anyOf(process.onExit(), stopRequested)
                        .get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            } catch (TimeoutException | ExecutionException reachedTheDeadline) {
                // the timeout; the process is killed below
            }
            boolean finished = !process.isAlive();
            if (!finished && stopRequested.isDone()) {
                terminateTree(process);
                pump.join(TimeUnit.SECONDS.toMillis(5));
                long durationMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
                synchronized (output) {
                    return new Outcome(STOPPED, tail(output), durationMs, false, true);
                }
            }
            if (!finished) {
                killTree(process);
            }
            pump.join(TimeUnit.SECONDS.toMillis(5));
            long durationMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
            synchronized (output) {
                return new Outcome(finished ? process.exitValue() : TIMED_OUT, tail(output), durationMs, !finished);
            }
        } catch (InterruptedException interrupted) {
            killTree(process);
            Thread.currentThread().interrupt();
            return new Outcome(130, "interrupted", TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started), false);
        }
    }

    private Process start(String script, Map<String, String> env) {
        ProcessBuilder builder = new ProcessBuilder(List.of("bash", "-c", script)).directory(workDir.toFile())
                .redirectErrorStream(true).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        builder.environment().remove(Credentials.TOKEN_ENV);
        builder.environment().putAll(env);
        try {
            return builder.start();
        } catch (IOException cannotStart) {
            throw new UncheckedIOException("cannot start bash in " + workDir, cannotStart);
        }
    }

    private static void pump(Process process, StringBuilder output, Consumer<String> lines) {
        try (BufferedReader reader = new BufferedReader(
                new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = reader.readLine()) != null) {
                synchronized (output) {
                    output.append(line).append('\n');
                }
                lines.accept(line);
            }
        } catch (IOException closed) {
            // the process was killed; what was read so far is kept
        }
    }

    /**
     * Ends the command and everything it started: TERM to each (descendants listed first, while they are still
     * ours), then KILL to any still alive after {@link #TERM_GRACE}.
     */
    private static void terminateTree(Process process) throws InterruptedException {
        List<ProcessHandle> tree = new java.util.ArrayList<>(process.descendants().toList());
        tree.add(process.toHandle());
        tree.forEach(ProcessHandle::destroy);
        long deadline = System.nanoTime() + TERM_GRACE.toNanos();
        while (System.nanoTime() < deadline && tree.stream().anyMatch(ProcessHandle::isAlive)) {
            Thread.sleep(50);
        }
        tree.stream().filter(ProcessHandle::isAlive).forEach(ProcessHandle::destroyForcibly);
    }

    /** Kills the command and everything it started; descendants are listed first, while they are still ours. */
    private static void killTree(Process process) {
        List<ProcessHandle> descendants = process.descendants().toList();
        process.destroyForcibly();
        descendants.forEach(ProcessHandle::destroyForcibly);
    }

    private static String tail(StringBuilder output) {
        if (output.length() <= MAX_OUTPUT_CHARS) {
            return output.toString();
        }
        return "[output cut to its last " + MAX_OUTPUT_CHARS + " characters]\n"
                + output.substring(output.length() - MAX_OUTPUT_CHARS);
    }
}
