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

    private ClassDataTraining() {
    }

    public static void main(String[] args) throws IOException {
        Path data = Files.createTempDirectory("tasklane-cds-training");
        try {
            train(data, System.out);
        } finally {
            delete(data);
        }
    }

    /** Starts, asks and stops a server on {@code data} twice: a fresh directory first, then an existing one. */
    static void train(Path data, PrintStream out) throws IOException {
        for (String start : List.of("fresh", "existing")) {
            long began = System.nanoTime();
            Main main = new Main(Map.of(), new PrintStream(OutputStream.nullOutputStream()), System.err);
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
            }
            out.printf("class-data training: %s data directory, %d ms%n", start, (System.nanoTime() - began) / 1_000_000);
        }
    }

    /** One HTTP/1.1 GET over a plain socket (no HTTP client library to load): the answer's status code. */
    private static int get(int port, String path) throws IOException {
        try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), port)) {
            OutputStream request = socket.getOutputStream();
            request.write(("GET " + path + " HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            request.flush();
            InputStream answer = socket.getInputStream();
            String whole = new String(answer.readAllBytes(), StandardCharsets.ISO_8859_1);
            String[] statusLine = whole.split("\r\n", 2)[0].split(" ");
            return statusLine.length > 1 ? Integer.parseInt(statusLine[1]) : -1;
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
