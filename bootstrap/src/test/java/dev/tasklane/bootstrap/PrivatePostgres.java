package dev.tasklane.bootstrap;

import org.junit.jupiter.api.Assumptions;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A throw-away PostgreSQL cluster of its own, for the tests that stop and start the database: never the shared one.
 * {@code initdb} into a temporary directory with the binaries under {@code /usr/lib/postgresql/<version>/bin}, trust
 * authentication for user {@code tasklane} on 127.0.0.1 and a free port, fsync off (a restart, not a power cut, is
 * what the tests inject). As root the server runs as the {@code postgres} user (through {@code runuser}), since
 * PostgreSQL refuses to run as root. Without the binaries or the rights a test is skipped with the reason, and fails
 * under {@code CI=true}. {@link #close()} stops the cluster and deletes its directory.
 */
final class PrivatePostgres implements AutoCloseable {
    private static final Path INSTALLATIONS = Path.of("/usr/lib/postgresql");
    private static final String USER = "tasklane";
    private static final long COMMAND_SECONDS = 60;

    private final Path bin;
    private final Path directory;
    private final int port;
    private final boolean asPostgres;

    private PrivatePostgres(Path bin, Path directory, int port, boolean asPostgres) {
        this.bin = bin;
        this.directory = directory;
        this.port = port;
        this.asPostgres = asPostgres;
    }

    /** Creates and starts the cluster; skips (under CI: fails) where that is impossible. */
    static PrivatePostgres start() throws IOException, InterruptedException {
        Optional<Path> bin = binaries();
        if (bin.isEmpty()) {
            unavailable("no PostgreSQL server binaries (initdb, pg_ctl) under " + INSTALLATIONS
                    + "; install the postgresql package");
        }
        boolean root = "root".equals(System.getProperty("user.name"));
        Path directory = Files.createTempDirectory("tasklane-private-pg-");
        if (root) {
            Process chown = new ProcessBuilder("chown", "postgres:postgres", directory.toString())
                    .redirectErrorStream(true).start();
            if (!chown.waitFor(COMMAND_SECONDS, TimeUnit.SECONDS) || chown.exitValue() != 0) {
                unavailable("running as root, but the data directory cannot be given to the postgres user: "
                        + new String(chown.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
            }
        }
        PrivatePostgres postgres = new PrivatePostgres(bin.get(), directory, freePort(), root);
        try {
            postgres.run("initdb", "-D", postgres.data(), "-U", USER, "--auth=trust", "-E", "UTF8", "--no-sync");
            postgres.startServer();
        } catch (IOException | RuntimeException failed) {
            postgres.close();
            unavailable("a private PostgreSQL could not be started: " + failed.getMessage());
        }
        return postgres;
    }

    private static void unavailable(String reason) {
        if ("true".equalsIgnoreCase(System.getenv("CI"))) {
            throw new IllegalStateException("CI=true and " + reason);
        }
        Assumptions.abort("Skipped: " + reason);
    }

    private static Optional<Path> binaries() throws IOException {
        if (!Files.isDirectory(INSTALLATIONS)) {
            return Optional.empty();
        }
        try (Stream<Path> versions = Files.list(INSTALLATIONS)) {
            return versions.map(version -> version.resolve("bin"))
                    .filter(bin -> Files.isExecutable(bin.resolve("initdb")) && Files.isExecutable(bin.resolve("pg_ctl")))
                    .max(Comparator.comparing(bin -> versionOf(bin.getParent())));
        }
    }

    private static int versionOf(Path versionDirectory) {
        try {
            return Integer.parseInt(versionDirectory.getFileName().toString());
        } catch (NumberFormatException notAVersion) {
            return 0;
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return probe.getLocalPort();
        }
    }

    String url() {
        return "jdbc:postgresql://127.0.0.1:" + port + "/postgres";
    }

    String user() {
        return USER;
    }

    int port() {
        return port;
    }

    private String data() {
        return directory.resolve("data").toString();
    }

    /** Starts the server and waits until it accepts connections. */
    void startServer() throws IOException, InterruptedException {
        run("pg_ctl", "-D", data(), "-l", directory.resolve("server.log").toString(), "-w", "-t", "60", "-o",
                "-p " + port + " -k " + directory + " -c listen_addresses=127.0.0.1 -c fsync=off"
                        + " -c max_connections=60 -c shared_buffers=16MB",
                "start");
    }

    /** {@code pg_ctl stop -m fast}: disconnects every client, rolls back open transactions, shuts down cleanly. */
    void stopServer() throws IOException, InterruptedException {
        run("pg_ctl", "-D", data(), "-m", "fast", "-w", "-t", "60", "stop");
    }

    /** The server's log, for failure messages. */
    String log() {
        try {
            return Files.readString(directory.resolve("server.log"), StandardCharsets.UTF_8);
        } catch (IOException unreadable) {
            return "(no server log: " + unreadable.getMessage() + ")";
        }
    }

    private void run(String program, String... arguments) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        if (asPostgres) {
            command.addAll(List.of("runuser", "-u", "postgres", "--"));
        }
        command.add(bin.resolve(program).toString());
        command.addAll(List.of(arguments));
        Path output = Files.createTempFile("tasklane-pg-command-", ".log");
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(output.toFile())
                    .directory(directory.toFile()).start();
            if (!process.waitFor(COMMAND_SECONDS, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new IOException(String.join(" ", command) + " did not finish in " + COMMAND_SECONDS + " s");
            }
            if (process.exitValue() != 0) {
                throw new IOException(String.join(" ", command) + " exited with " + process.exitValue() + ": "
                        + Files.readString(output, StandardCharsets.UTF_8));
            }
        } finally {
            Files.deleteIfExists(output);
        }
    }

    @Override
    public void close() throws InterruptedException {
        try {
            run("pg_ctl", "-D", data(), "-m", "immediate", "-w", "-t", "30", "stop");
        } catch (IOException notRunning) {
            // already stopped, or never started
        }
        try (Stream<Path> files = Files.walk(directory)) {
            files.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        } catch (IOException undeletable) {
            // a temporary directory: the OS cleans it eventually
        }
    }
}
