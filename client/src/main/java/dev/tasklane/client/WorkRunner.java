package dev.tasklane.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Runs the agent's {@code --exec} command on a claimed task: the task as JSON in {@code .tasklane/task.json}
 * ({@code TASKLANE_TASK_FILE}), the task's TASK_* variables in the environment, and heartbeats keeping the lease
 * alive for as long as the command runs.
 */
final class WorkRunner {
    /** The environment variable naming the task file. */
    static final String TASK_FILE_ENV = "TASKLANE_TASK_FILE";
    /** Set when the task came back from review: the reviewer's notes. */
    static final String REVIEW_NOTES_ENV = "TASKLANE_REVIEW_NOTES";
    static final String STOP_REQUESTED = "stop_requested";
    /**
     * How long one read of the session waits for an activity (the server caps it at 30 s). The read returns as soon as
     * a stop arrives, so this bounds only how long a read outlives its command: short, so that a server shutting down
     * does not wait on it.
     */
    static final int WATCH_WAIT_SECONDS = 2;
    private static final long WATCH_RETRY_MS = 2_000;
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private final AgentSession session;
    private final String command;
    private final Duration timeout;
    private final Duration heartbeatEvery;

    WorkRunner(AgentSession session, String command, Duration timeout, Duration heartbeatEvery) {
        this.session = session;
        this.command = command;
        this.timeout = timeout;
        this.heartbeatEvery = heartbeatEvery;
    }

    ShellProcess.Outcome run(TaskData task, ClaimState held) {
        Map<String, String> env = session.environment().env(task);
        env.put(TASK_FILE_ENV, writeTaskFile(task).toString());
        task.reviewStatus().ifPresent(status -> env.put(REVIEW_NOTES_ENV,
                task.reviewNotes() == null ? "" : task.reviewNotes()));
        if (task.reviewStatus().isPresent()) {
            // sent back from review: the thread holds the reviewer's notes and anything said since
            env.put(CommentsFeed.COMMENTS_FILE_ENV, new CommentsFeed(session).export(task).toString());
        }
        session.out.println("» " + command);
        SessionReporter reporter = session.reporter();
        reporter.post(held, "action", "work command started: " + command);
        SessionReporter.Lines lines = reporter.lines(held);
        ScheduledExecutorService heartbeats = Executors.newSingleThreadScheduledExecutor(runnable -> {
            Thread thread = new Thread(runnable, "tasklane-heartbeat");
            thread.setDaemon(true);
            return thread;
        });
        CompletableFuture<String> stop = new CompletableFuture<>();
        heartbeats.scheduleAtFixedRate(() -> heartbeat(held, stop), heartbeatEvery.toMillis(), heartbeatEvery.toMillis(),
                TimeUnit.MILLISECONDS);
        Thread watcher = new Thread(() -> watchForStop(held, stop), "tasklane-stop-watch");
        watcher.setDaemon(true);
        watcher.start();
        try {
            ShellProcess.Outcome outcome = new ShellProcess(session.workDir).run(command, env, timeout,
                    line -> {
                        session.out.println("  " + line);
                        lines.accept(line);
                    }, stop);
            if (outcome.stopped()) {
                stopReason = stop.getNow(null); // a stopped session refuses posts: the unclaim says the rest
                return outcome;
            }
            lines.flush();
            reporter.post(held, outcome.succeeded() ? "action" : "error", "work command "
                    + (outcome.timedOut() ? "timed out" : "ended with exit code " + outcome.exitCode()) + " after "
                    + outcome.durationMs() + " ms");
            return outcome;
        } finally {
            watcher.interrupt();
            heartbeats.shutdownNow();
        }
    }

    /** Why the last command was stopped, when a person stopped it. */
    private volatile String stopReason;

    String stopReason() {
        return stopReason;
    }

    private void heartbeat(ClaimState held, CompletableFuture<String> stop) {
        try {
            session.client.heartbeat(Long.toString(held.taskId()), held.claimToken());
        } catch (TasklaneApiException refused) {
            if (STOP_REQUESTED.equals(refused.body().path("code").asText())) {
                stop.complete(refused.body().path("details").path("reason").asText("stopped"));
            } else {
                session.err.println("warning: heartbeat for " + held.identifier() + " failed: " + refused.getMessage());
            }
        } catch (RuntimeException failed) {
            session.err.println("warning: heartbeat for " + held.identifier() + " failed: " + failed.getMessage());
        }
    }

    /**
     * Waits on the task's session for a stop (GET /api/tasks/:id/activities with wait, which returns as soon as an
     * activity arrives), so that a stop ends the command within a second, whatever the heartbeat interval. The log is
     * the task's, earlier claims' sessions included: a stop activity counts once the session confirms it (its
     * {@code stop_requested}), so that the stop of an earlier claim does not end this one's command.
     */
    private void watchForStop(ClaimState held, CompletableFuture<String> stop) {
        long after = 0;
        while (!Thread.currentThread().isInterrupted() && !stop.isDone()) {
            try {
                JsonNode page = session.client.activities(Long.toString(held.taskId()), after, WATCH_WAIT_SECONDS);
                boolean stopSeen = false;
                for (JsonNode activity : page.path("data")) {
                    stopSeen |= "stop".equals(activity.path("kind").asText());
                }
                if (stopSeen) {
                    JsonNode requested = session.client.session(Long.toString(held.taskId())).path("stop_requested");
                    if (requested.isObject()) {
                        stop.complete(requested.path("reason").asText("stopped"));
                    }
                }
                after = page.path("next_after").asLong(after);
            } catch (RuntimeException unreachable) {
                try {
                    Thread.sleep(WATCH_RETRY_MS);
                } catch (InterruptedException interrupted) {
                    return;
                }
            }
        }
    }

    private Path writeTaskFile(TaskData task) {
        Path file = session.workDir.resolve(ClaimState.DIRECTORY).resolve("task.json");
        try {
            Files.createDirectories(file.getParent());
            JSON.writeValue(file.toFile(), task.json());
            return file.toAbsolutePath();
        } catch (IOException unwritable) {
            throw new UncheckedIOException("cannot write " + file, unwritable);
        }
    }
}
