package dev.tasklane.bench;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The executable jar run as a separate process, as an operator runs it, on a free loopback port. */
final class ServerProcess implements AutoCloseable {
    private final Process process;
    final int port;
    /** Seconds from starting the process to the first answered {@code GET /health} (liveness). */
    final double startupSeconds;
    /** Seconds from starting the process to the first 200 of {@code GET /health/ready} (the store answers). */
    final double readySeconds;

    /** When the process was started, System.nanoTime(). */
    final long startedNanos;

    private ServerProcess(Process process, int port, double startupSeconds, double readySeconds, long startedNanos) {
        this.process = process;
        this.startedNanos = startedNanos;
        this.port = port;
        this.startupSeconds = startupSeconds;
        this.readySeconds = readySeconds;
    }

    /**
     * Starts {@code java [jvmOptions] -jar jar} with these {@code TASKLANE_*} variables (and {@code TASKLANE_PORT}
     * set to a free port) and waits for {@code /health}, then for {@code /health/ready}.
     */
    static ServerProcess start(Path jar, List<String> jvmOptions, Map<String, String> environment, Path log)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvmOptions);
        command.add("-jar");
        command.add(jar.toString());
        return start(command, environment, log);
    }

    /**
     * Starts {@code command} (a launcher such as {@code bin/tasklane}, or a whole {@code java} command line) with these
     * {@code TASKLANE_*} variables and {@code TASKLANE_PORT} set to a free port, and waits as above.
     */
    static ServerProcess start(List<String> command, Map<String, String> environment, Path log)
            throws IOException, InterruptedException {
        int port = freePort();
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
        builder.environment().keySet().removeIf(name -> name.startsWith("TASKLANE_"));
        builder.environment().putAll(environment);
        builder.environment().put("TASKLANE_PORT", String.valueOf(port));
        HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofMillis(200)).build();
        HttpRequest health = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/health"))
                .timeout(Duration.ofSeconds(1)).build();
        HttpRequest ready = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/health/ready"))
                .timeout(Duration.ofSeconds(1)).build();
        long started = System.nanoTime();
        Process process = builder.start();
        long deadline = started + Duration.ofSeconds(180).toNanos(); // a start on a loaded 2-core machine can take a minute
        long live = firstOk(client, health, process, started, deadline, log);
        long readyAt = firstOk(client, ready, process, started, deadline, log);
        return new ServerProcess(process, port, (live - started) / 1e9, (readyAt - started) / 1e9, started);
    }

    /** Polls {@code request} every 5 ms until it answers 200; returns when (System.nanoTime()). */
    private static long firstOk(HttpClient client, HttpRequest request, Process process, long started, long deadline,
                                Path log) throws InterruptedException {
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException("the server exited with " + process.exitValue() + "; see " + log);
            }
            try {
                if (client.send(request, HttpResponse.BodyHandlers.discarding()).statusCode() == 200) {
                    return System.nanoTime();
                }
            } catch (IOException notYet) {
                // not listening yet
            }
            Thread.sleep(5);
        }
        process.destroyForcibly();
        throw new IllegalStateException("the server did not answer " + request.uri().getPath() + " within "
                + Duration.ofNanos(deadline - started).toSeconds() + " s; see " + log);
    }

    /**
     * How long this process took to answer, for a caller that closes it at once, and the CPU time it had used by then
     * (user + system, read when the caller closes it, right after its first {@code /health/ready}).
     */
    record Timing(double liveSeconds, double readySeconds, double cpuSeconds) {
    }

    /** Stops the process and returns its start-up timing. */
    Timing closed() throws InterruptedException {
        double cpuSeconds = cpu().toNanos() / 1e9;
        close();
        return new Timing(startupSeconds, readySeconds, cpuSeconds);
    }

    /**
     * The CPU time the server process has used so far, user and system ({@code /proc/<pid>/stat} on Linux): the
     * figure per cycle that a machine shared with other work does not distort the way wall-clock time is.
     */
    Duration cpu() {
        return process.toHandle().info().totalCpuDuration()
                .orElseThrow(() -> new IllegalStateException("this platform does not report a process's CPU time"));
    }

    /**
     * The processor time the server's JIT compiler threads used so far (Linux: {@code /proc/<pid>/task/<id>/stat} of
     * the threads named {@code C1 CompilerThre...} and {@code C2 CompilerThre...}, user and system, at the kernel's
     * 100 ticks per second); zero where {@code /proc} is not there.
     */
    Duration compilerCpu() {
        Path tasks = Path.of("/proc", String.valueOf(process.pid()), "task");
        if (!Files.isDirectory(tasks)) {
            return Duration.ZERO;
        }
        long ticks = 0;
        try (var threads = Files.list(tasks)) {
            for (Path thread : (Iterable<Path>) threads::iterator) {
                try {
                    String name = Files.readString(thread.resolve("comm")).strip();
                    if (name.startsWith("C1 CompilerThre") || name.startsWith("C2 CompilerThre")) {
                        String stat = Files.readString(thread.resolve("stat"));
                        // the fields after the command's closing parenthesis: state is the 3rd, utime the 14th
                        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
                        ticks += Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
                    }
                } catch (IOException | RuntimeException gone) {
                    // the thread ended while it was read: its time is no longer the process's to count here
                }
            }
        } catch (IOException unreadable) {
            return Duration.ZERO;
        }
        return Duration.ofMillis(ticks * 10);
    }

    String baseUrl() {
        return "http://127.0.0.1:" + port;
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(10, java.util.concurrent.TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor();
        }
    }
}
