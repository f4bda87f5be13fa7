package dev.tasklane.bootstrap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Jetty is told its references per cache line before it starts, so that a start does not load JMX to ask the JVM
 * (docs/benchmarks.md, "What bounds start-up"). Each case runs {@link JettyCacheLinesProbe} in a fresh JVM with its
 * class loading logged: the same probe without the property loads JMX, which shows the check can fail.
 */
class JettyCacheLinesTest {
    private static final String JMX = " javax.management.";

    @Test
    void theValueFollowsTheJvmsRuleForCompressedReferences() {
        assertEquals(16, JettyCacheLines.referencesPerLine(64, 1L << 30));
        assertEquals(16, JettyCacheLines.referencesPerLine(64, (32L << 30) - 1));
        assertEquals(8, JettyCacheLines.referencesPerLine(64, 32L << 30));
        assertEquals(32, JettyCacheLines.referencesPerLine(128, 4L << 30));
        assertEquals(1, JettyCacheLines.referencesPerLine(2, 64L << 30));
    }

    @Test
    void toldJettyLoadsNoJmxAndUsesTheToldValue() throws Exception {
        Probe told = probe(List.of("-Xmx256m"), "tell");
        assertEquals("told=16 jetty=16", told.said(), told.output());
        assertFalse(told.output().contains(JMX), "no JMX class loaded");

        Probe untold = probe(List.of("-Xmx256m"), "untold");
        assertTrue(untold.output().contains(JMX), "without the property Jetty asks JMX: " + untold.said());
    }

    @Test
    void aValueTheOperatorSetIsKept() throws Exception {
        Probe kept = probe(List.of("-D" + JettyCacheLines.PROPERTY + "=7"), "tell");
        assertEquals("told=7 jetty=7", kept.said(), kept.output());
    }

    /** The whole start of a server on H2, in a JVM of its own, up to its banner: no JMX class on the way. */
    @Test
    void aServerStartLoadsNoJmx(@TempDir Path directory) throws Exception {
        Path classes = directory.resolve("classes.log");
        Process server = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xshare:auto", "-XX:TieredStopAtLevel=1", "-Xlog:class+load=info:file=" + classes,
                "-cp", System.getProperty("java.class.path"), Main.class.getName(),
                "--port", "0", "--data-dir", directory.resolve("data").toString())
                .redirectErrorStream(true).start();
        StringBuilder printed = new StringBuilder();
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = lines.readLine()) != null && !line.startsWith("Tasklane is running at")) {
                printed.append(line).append('\n');
            }
            assertTrue(line != null, "the server started: " + printed);
        } finally {
            server.destroy();
            if (!server.waitFor(20, TimeUnit.SECONDS)) {
                server.destroyForcibly().waitFor();
            }
        }
        List<String> jmx = Files.readAllLines(classes).stream().filter(line -> line.contains(JMX)).toList();
        assertEquals(List.of(), jmx.subList(0, Math.min(5, jmx.size())), jmx.size() + " JMX classes loaded");
    }

    private static Probe probe(List<String> options, String argument) throws Exception {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xshare:auto", "-Xlog:class+load=info"));
        command.addAll(options);
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), JettyCacheLinesProbe.class.getName(), argument));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        process.getOutputStream().close();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(60, TimeUnit.SECONDS), "the probe ended");
        assertEquals(0, process.exitValue(), output);
        String said = output.lines().filter(line -> line.startsWith("told=")).findFirst().orElse("(nothing said)");
        return new Probe(said, output);
    }

    private record Probe(String said, String output) {
    }
}
