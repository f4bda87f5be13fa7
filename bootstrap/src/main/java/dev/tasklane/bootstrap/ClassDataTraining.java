package dev.tasklane.bootstrap;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The training run of the class-data sharing archive that {@code mvn package} builds beside the jar
 * (docs/configuration.md, "Start-up time"): run as
 * {@code java -XX:ArchiveClassesAtExit=tasklane.jsa -cp tasklane.jar dev.tasklane.bootstrap.ClassDataTraining},
 * it goes through the start path of {@code java -jar tasklane.jar} twice, on a fresh H2 data directory and again on
 * the same directory (the schema then current, as on a restart), answers the first requests a server gets, stops,
 * and exits, so that the JVM writes every class that path loaded into the archive. It never touches
 * {@code ./tasklane-data}: its data directory is a new temporary one, deleted afterwards, and it listens on a port
 * the OS picks.
 */
public final class ClassDataTraining {
    /** The paths requested from each trained server: liveness, readiness and the agent's manual. */
    static final List<String> REQUESTS = List.of("/health", "/health/ready", "/api/agent/onboarding");
    /**
     * Claim cycles of the training run on the existing data directory (system property {@code tasklane.training.cycles},
     * by default {@value #DEFAULT_CYCLES}): goals created by the batch API, claimed by the server's pick and completed,
     * so that the archive holds the classes of the agents' hot path and, on JDK 25 and later, the AOT cache
     * ({@code -XX:AOTCacheOutput}) its method profiles too.
     */
    static final int DEFAULT_CYCLES = 60;
    /** The training run's own admin token: its data directory is temporary, deleted afterwards. */
    private static final String TRAINING_TOKEN = "tasklane_training_token_0123456789abcdefghijklmnopqrstuv";
    private static final String PROOF = "{\"exit_code\":0,\"output\":\"ok\",\"duration_ms\":1}";

    private ClassDataTraining() {
    }

    public static void main(String[] args) throws IOException {
        Path data = Files.createTempDirectory("tasklane-cds-training");
        try {
            train(data, System.out, Integer.getInteger("tasklane.training.cycles", DEFAULT_CYCLES));
        } finally {
            delete(data);
        }
    }

    /**
     * Starts, asks and stops a server on {@code data} twice: a fresh directory first, then an existing one, which
     * also runs {@code cycles} claim cycles.
     */
    static void train(Path data, PrintStream out, int cycles) throws IOException {
        for (String start : List.of("fresh", "existing")) {
            long began = System.nanoTime();
            Main main = new Main(Map.of("TASKLANE_BOOTSTRAP_TOKEN", TRAINING_TOKEN),
                    new PrintStream(OutputStream.nullOutputStream()), System.err);
            Main.Configured configured = main.configure(new String[] {"--port", "0", "--data-dir", data.toString()});
            if (!configured.serve()) {
                throw new IllegalStateException("the training configuration was refused (exit " + configured.exitCode() + ")");
            }
            StartupTimeline timeline = StartupTimeline.sinceProcessStart();
            timeline.mark("configuration");
            Server.Started started = Server.start(configured.config(), timeline);
            try (RunningServer server = started.server()) {
                main.banner(configured.config(), started);
                for (String path : REQUESTS) {
                    int status = get(server.port(), path);
                    if (status != 200) {
                        throw new IllegalStateException("GET " + path + " answered " + status + " during the training run");
                    }
                }
                if (start.equals("existing")) {
                    cycles(server.port(), cycles);
                }
            }
            out.printf("class-data training: %s data directory, %d ms%n", start, (System.nanoTime() - began) / 1_000_000);
        }
    }

    /**
     * {@code count} agent cycles: goals of 10 by {@code POST /api/tasks/batch} as needed, then {@code GET
     * /api/tasks/next}, the server-picked {@code POST /api/tasks/claim} and {@code PATCH /api/tasks/:id/complete}.
     */
    static void cycles(int port, int count) throws IOException {
        StringBuilder goal = new StringBuilder("{\"title\":\"Training goal\",\"priority\":\"medium\",\"tasks\":[");
        for (int c = 0; c < 10; c++) {
            goal.append(c == 0 ? "" : ",").append("{\"title\":\"Training step ").append(c)
                    .append("\",\"type\":\"work\",\"priority\":\"medium\"}");
        }
        String oneGoal = goal + "]}";
        String batch = "{\"goals\":[" + oneGoal + "," + oneGoal + "]}";
        String complete = "{\"agent_name\":\"training\",\"completion_summary\":\"training\",\"actual_complexity\":\"small\","
                + "\"actual_files_changed\":\"none\",\"time_spent_minutes\":1,\"after_doing_result\":" + PROOF
                + ",\"before_review_result\":" + PROOF + "}";
        for (int i = 0; i < count; i++) {
            if (i % 20 == 0) {
                expect(201, send(port, "POST", "/api/tasks/batch", batch), "POST /api/tasks/batch");
            }
            expect(200, send(port, "GET", "/api/tasks/next", null), "GET /api/tasks/next");
            String claimed = send(port, "POST", "/api/tasks/claim", "{\"agent_name\":\"training\",\"before_doing_result\":"
                    + PROOF + "}");
            expect(200, claimed, "POST /api/tasks/claim");
            String body = claimed.substring(claimed.indexOf("\r\n\r\n"));
            int at = body.indexOf("\"id\":") + 5;
            String id = body.substring(at, body.indexOf(',', at));
            expect(200, send(port, "PATCH", "/api/tasks/" + id + "/complete", complete), "PATCH complete");
        }
    }

    private static void expect(int status, String answer, String what) {
        String[] statusLine = answer.split("\r\n", 2)[0].split(" ");
        if (statusLine.length < 2 || Integer.parseInt(statusLine[1]) != status) {
            throw new IllegalStateException(what + " answered " + answer.split("\r\n", 2)[0] + " during the training run");
        }
    }

    /** One HTTP/1.1 GET over a plain socket (no HTTP client library to load): the answer's status code. */
    private static int get(int port, String path) throws IOException {
        String whole = send(port, "GET", path, null);
        String[] statusLine = whole.split("\r\n", 2)[0].split(" ");
        return statusLine.length > 1 ? Integer.parseInt(statusLine[1]) : -1;
    }

    /** One request with the training token over its own connection; the whole answer, head and body. */
    private static String send(int port, String method, String path, String json) throws IOException {
        try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), port)) {
            OutputStream request = socket.getOutputStream();
            byte[] body = json == null ? new byte[0] : json.getBytes(StandardCharsets.UTF_8);
            request.write((method + " " + path + " HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n"
                    + "Authorization: Bearer " + TRAINING_TOKEN + "\r\n"
                    + (json == null ? "" : "Content-Type: application/json\r\nContent-Length: " + body.length + "\r\n")
                    + "\r\n").getBytes(StandardCharsets.US_ASCII));
            request.write(body);
            request.flush();
            InputStream answer = socket.getInputStream();
            return new String(answer.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static void delete(Path directory) {
        try (Stream<Path> paths = Files.walk(directory)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        } catch (IOException failed) {
            throw new UncheckedIOException("cannot delete the training run's data directory " + directory, failed);
        }
    }
}
