package dev.tasklane.bootstrap;

import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A Tasklane server in its own JVM ({@code java -cp <the test classpath> dev.tasklane.bootstrap.Main}), for the
 * tests that need real processes: several servers on one database, {@code kill -9}. It listens on a port the OS
 * picks ({@code --port 0}), read from its start-up banner; its output goes to a log file that
 * {@link #log()} returns for failure messages. Closing it stops it with SIGTERM (SIGKILL if it lingers).
 */
final class ServerProcess implements AutoCloseable {
    private static final Pattern BANNER = Pattern.compile("Tasklane is running at (\\S+) \\(port (\\d+)\\)");
    private static final Duration START_TIMEOUT = Duration.ofSeconds(40);
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private final String name;
    private final Process process;
    private final Path logFile;
    private String baseUrl;

    private ServerProcess(String name, Process process, Path logFile) {
        this.name = name;
        this.process = process;
        this.logFile = logFile;
    }

    /**
     * Starts a server with these store flags ({@code --db-url ...} or {@code --data-dir ...}) and environment, and
     * returns once {@code /health} answers 200. Fails with the server's output when it dies or is not healthy in
     * time.
     */
    static ServerProcess start(String name, Path logDirectory, List<String> storeFlags, Map<String, String> env)
            throws IOException, InterruptedException {
        return start(name, logDirectory, List.of(), storeFlags, env);
    }

    /** {@link #start(String, Path, List, Map)} with more JVM options (a debugging agent, say). */
    static ServerProcess start(String name, Path logDirectory, List<String> jvmOptions, List<String> storeFlags,
                               Map<String, String> env) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        // small and quick to start: several of these share a 2-CPU machine with the test JVM
        command.addAll(List.of("-Xmx256m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-Xshare:auto"));
        command.addAll(jvmOptions);
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), Main.class.getName()));
        command.addAll(List.of("--port", "0"));
        command.addAll(storeFlags);
        Path log = logDirectory.resolve(name + ".log");
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(log.toFile()).directory(logDirectory.toFile());
        builder.environment().keySet().removeIf(key -> key.startsWith("TASKLANE_"));
        builder.environment().putAll(env);
        ServerProcess server = new ServerProcess(name, builder.start(), log);
        try {
            server.awaitHealthy();
        } catch (AssertionError | RuntimeException | IOException | InterruptedException failed) {
            server.close();
            throw failed;
        }
        return server;
    }

    private void awaitHealthy() throws IOException, InterruptedException {
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new AssertionError(name + " exited with " + process.exitValue() + " while starting:\n" + log());
            }
            if (baseUrl == null) {
                Matcher banner = BANNER.matcher(log());
                if (banner.find()) {
                    baseUrl = "http://localhost:" + banner.group(2);
                }
            }
            if (baseUrl != null && healthy()) {
                return;
            }
            Thread.sleep(100); // polling with a deadline
        }
        throw new AssertionError(name + " was not healthy within " + START_TIMEOUT.toSeconds() + " s:\n" + log());
    }

    private boolean healthy() throws InterruptedException {
        try {
            HttpResponse<String> health = HTTP.send(HttpRequest.newBuilder(URI.create(baseUrl + "/health"))
                    .timeout(Duration.ofSeconds(2)).build(), HttpResponse.BodyHandlers.ofString());
            return health.statusCode() == 200;
        } catch (IOException notYet) {
            return false;
        }
    }

    String name() {
        return name;
    }

    String baseUrl() {
        return baseUrl;
    }

    long pid() {
        return process.pid();
    }

    boolean isAlive() {
        return process.isAlive();
    }

    /** {@code kill -9}: SIGKILL, no shutdown hooks, no clean close of the store. Returns the exit code. */
    int kill() throws InterruptedException {
        process.destroyForcibly();
        if (!process.waitFor(10, TimeUnit.SECONDS)) {
            throw new AssertionError(name + " (pid " + process.pid() + ") survived SIGKILL for 10 s");
        }
        return process.exitValue();
    }

    /** Everything the server printed so far. */
    String log() {
        try {
            return Files.readString(logFile, StandardCharsets.UTF_8);
        } catch (IOException unreadable) {
            return "(cannot read " + logFile + ": " + unreadable.getMessage() + ")";
        }
    }

    File logFile() {
        return logFile.toFile();
    }

    @Override
    public void close() throws InterruptedException {
        if (process.isAlive()) {
            process.destroy();
            if (!process.waitFor(15, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                process.waitFor(10, TimeUnit.SECONDS);
            }
        }
    }
}
