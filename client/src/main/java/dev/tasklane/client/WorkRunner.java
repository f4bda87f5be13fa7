package dev.tasklane.client;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
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
        ScheduledExecutorService heartbeats = Executors.newSingleThreadScheduledExecutor(runnable -> {
            Thread thread = new Thread(runnable, "tasklane-heartbeat");
            thread.setDaemon(true);
            return thread;
        });
        heartbeats.scheduleAtFixedRate(() -> heartbeat(held), heartbeatEvery.toMillis(), heartbeatEvery.toMillis(),
                TimeUnit.MILLISECONDS);
        try {
            return new ShellProcess(session.workDir).run(command, env, timeout, line -> session.out.println("  " + line));
        } finally {
            heartbeats.shutdownNow();
        }
    }

    private void heartbeat(ClaimState held) {
        try {
            session.client.heartbeat(Long.toString(held.taskId()), held.claimToken());
        } catch (RuntimeException failed) {
            session.err.println("warning: heartbeat for " + held.identifier() + " failed: " + failed.getMessage());
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
