package dev.tasklane.bootstrap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bin/tasklane} (docs/configuration.md, "Start-up time" and "Which JDK gives what"): it passes every argument to
 * the jar unchanged, adds the class-data sharing archive only when it is there and newer than the jar, a stale archive
 * that the JVM refuses costs no warning on the console, and the server runs with C1 only on 2 processors or fewer
 * unless {@code TASKLANE_JIT} says otherwise. The script is copied into a checkout-shaped temporary directory; a
 * stand-in {@code java} prints the command line it was given (and a stand-in {@code nproc} gives the processors where a
 * test needs them), and the last test starts a real JVM. The other tests pin {@code TASKLANE_JIT=tiered}, so that
 * their command lines do not depend on the machine's processors.
 */
class LauncherTest {
    private static final Path SCRIPT = Path.of(System.getProperty("basedir", "."))
            .toAbsolutePath().getParent().resolve("bin").resolve("tasklane");
    private static final List<String> QUIET = List.of("-Xlog:cds=off", "-Xlog:cds+dynamic=off");

    @TempDir
    Path root;
    private Path launcher;
    private Path jar;
    private Path archive;
    private Path fakeJavaHome;

    @BeforeEach
    void checkout() throws IOException {
        launcher = root.resolve("bin").resolve("tasklane");
        Files.createDirectories(launcher.getParent());
        Files.copy(SCRIPT, launcher, StandardCopyOption.COPY_ATTRIBUTES);
        Path target = Files.createDirectories(root.resolve("bootstrap").resolve("target"));
        jar = target.resolve("tasklane.jar");
        archive = target.resolve("tasklane.jsa");
        fakeJavaHome = Files.createDirectories(root.resolve("jdk"));
        Path java = Files.createDirectories(fakeJavaHome.resolve("bin")).resolve("java");
        Files.writeString(java, "#!/bin/sh\nfor argument in \"$@\"; do printf '%s\\n' \"$argument\"; done\n");
        assertTrue(java.toFile().setExecutable(true));
        release("17.0.15");
    }

    @Test
    void anArchiveNewerThanTheJarIsUsedAndEveryArgumentPassesUnchanged() throws Exception {
        Files.writeString(jar, "jar");
        Files.writeString(archive, "archive");
        age(jar, 60);
        Run run = launch(Map.of(), "serve", "--data-dir", "a directory with spaces");
        List<String> expected = new ArrayList<>(List.of("-XX:SharedArchiveFile=" + archive, "-Xshare:auto"));
        expected.addAll(QUIET);
        expected.addAll(List.of("-jar", jar.toString(), "serve", "--data-dir", "a directory with spaces"));
        assertEquals(expected, run.lines(), run.err());
    }

    @Test
    void anArchiveOlderThanTheJarIsLeftOut() throws Exception {
        Files.writeString(archive, "archive");
        Files.writeString(jar, "jar");
        age(archive, 60);
        Run run = launch(Map.of(), "--port", "0");
        assertEquals(List.of("-jar", jar.toString(), "--port", "0"), run.lines(), run.err());
    }

    @Test
    void withoutAnArchiveTheJarStartsAsWithJavaDashJar() throws Exception {
        Files.writeString(jar, "jar");
        Run run = launch(Map.of(), "simulate", "--agents", "2");
        assertEquals(List.of("-jar", jar.toString(), "simulate", "--agents", "2"), run.lines(), run.err());
    }

    @Test
    void javaOptionsFromTheEnvironmentComeFirst() throws Exception {
        Files.writeString(jar, "jar");
        Run run = launch(Map.of("TASKLANE_JAVA_OPTS", "-Xmx64m -Dtasklane.probe=1"));
        assertEquals(List.of("-Xmx64m", "-Dtasklane.probe=1", "-jar", jar.toString()), run.lines(), run.err());
    }

    @Test
    void onJava19AndLaterTheJvmKeepsAnArchiveOfItsOwnCurrent() throws Exception {
        release("21.0.4");
        Files.writeString(jar, "jar");
        Run run = launch(Map.of());
        List<String> expected = new ArrayList<>(List.of("-XX:+AutoCreateSharedArchive",
                "-XX:SharedArchiveFile=" + archive.resolveSibling("tasklane-jdk21.jsa")));
        expected.addAll(QUIET);
        expected.addAll(List.of("-jar", jar.toString()));
        assertEquals(expected, run.lines(), run.err());
    }

    @Test
    void onJava25AnAotCacheNewerThanTheJarIsUsedAndAStaleOneIsNot() throws Exception {
        Path cache = jdk25WithACurrentAotCache();
        Run run = launch(Map.of(), "--port", "0");
        assertEquals(List.of("-XX:AOTCache=" + cache, "-Xlog:aot=off", "-Xlog:cds=off", "-jar", jar.toString(), "--port", "0"),
                run.lines(), run.err());

        age(cache, 120);
        Run stale = launch(Map.of());
        List<String> expected = new ArrayList<>(List.of("-XX:+AutoCreateSharedArchive",
                "-XX:SharedArchiveFile=" + archive.resolveSibling("tasklane-jdk25.jsa")));
        expected.addAll(QUIET);
        expected.addAll(List.of("-jar", jar.toString()));
        assertEquals(expected, stale.lines(), stale.err());
    }

    @Test
    void withTwoProcessorsOrFewerTheServerRunsWithC1Only() throws Exception {
        Files.writeString(jar, "jar");
        Run run = launch(processors(2, Map.of("TASKLANE_JIT", "auto")), "--port", "0");
        assertEquals(List.of("-XX:TieredStopAtLevel=1", "-jar", jar.toString(), "--port", "0"), run.lines(), run.err());
        Run serve = launch(processors(1, Map.of("TASKLANE_JIT", "auto")), "serve");
        assertEquals(List.of("-XX:TieredStopAtLevel=1", "-jar", jar.toString(), "serve"), serve.lines(), serve.err());
        Run agent = launch(processors(2, Map.of("TASKLANE_JIT", "c1")), "agent", "next");
        assertEquals(List.of("-jar", jar.toString(), "agent", "next"), agent.lines(), "the clients keep the JVM's JIT");
    }

    @Test
    void onJava25WithItsAotCacheTheServerStillRunsC1OnlyOnTwoProcessors() throws Exception {
        Path cache = jdk25WithACurrentAotCache();
        Run run = launch(processors(2, Map.of("TASKLANE_JIT", "auto")));
        assertEquals(List.of("-XX:TieredStopAtLevel=1", "-XX:AOTCache=" + cache, "-Xlog:aot=off", "-Xlog:cds=off",
                "-jar", jar.toString()), run.lines(), "bench/warm.md: the cache's tiered JIT took 35 s to speed, C1 4 s: "
                + run.err());
    }

    @Test
    void withMoreProcessorsTheServerKeepsTheTieredJit() throws Exception {
        assumeFalse(cpuQuotaOfTwoOrLess(), "this machine's cgroup quota leaves 2 processors or fewer");
        Files.writeString(jar, "jar");
        Run run = launch(processors(3, Map.of("TASKLANE_JIT", "auto")));
        assertEquals(List.of("-jar", jar.toString()), run.lines(), run.err());
    }

    @Test
    void tasklaneJitPicksTheJitWhateverTheProcessorsAndJavaOptionsComeAfterIt() throws Exception {
        Files.writeString(jar, "jar");
        Run c1 = launch(processors(8, Map.of("TASKLANE_JIT", "c1")));
        assertEquals(List.of("-XX:TieredStopAtLevel=1", "-jar", jar.toString()), c1.lines(), c1.err());
        Run tiered = launch(processors(1, Map.of("TASKLANE_JIT", "tiered")));
        assertEquals(List.of("-jar", jar.toString()), tiered.lines(), tiered.err());
        Run overridden = launch(processors(2, Map.of("TASKLANE_JIT", "auto", "TASKLANE_JAVA_OPTS", "-XX:TieredStopAtLevel=4")));
        assertEquals(List.of("-XX:TieredStopAtLevel=1", "-XX:TieredStopAtLevel=4", "-jar", jar.toString()),
                overridden.lines(), "the JVM takes the last: " + overridden.err());
        Run wrong = launch(Map.of("TASKLANE_JIT", "c2"));
        assertEquals(2, wrong.exit());
        assertTrue(wrong.err().contains("TASKLANE_JIT is auto, c1 or tiered"), wrong.err());
        assertEquals(List.of(), wrong.lines());
    }

    @Test
    void aLinkOnThePathRunsTheJarBesideTheScriptItLinksTo() throws Exception {
        Files.writeString(jar, "jar");
        Path elsewhere = Files.createDirectories(root.resolve("home").resolve("bin"));
        launcher = Files.createSymbolicLink(elsewhere.resolve("tasklane"), launcher);
        Run run = launch(Map.of(), "agent", "next");
        assertEquals(List.of("-jar", jar.toString(), "agent", "next"), run.lines(), run.err());
    }

    @Test
    void aMissingJarIsRefusedWithTheBuildCommand() throws Exception {
        Run run = launch(Map.of());
        assertEquals(1, run.exit());
        assertTrue(run.err().contains("mvn -q -DskipTests package"), run.err());
        assertEquals(List.of(), run.lines());
    }

    /**
     * With the real JVM: an archive made from the jar is used (the probe's class comes from it), and once the jar is
     * rebuilt the JVM refuses the archive, which the launcher cannot tell from the files' times here (the archive is
     * made newer again), and the probe runs from the jar with nothing on the console but its own line.
     */
    @Test
    void aStaleArchiveFallsBackToTheJarWithoutAWarning() throws Exception {
        Path realJavaHome = Path.of(System.getProperty("java.home"));
        Path java = realJavaHome.resolve("bin").resolve("java");
        writeProbeJar("built");
        Process dump = new ProcessBuilder(java.toString(), "-XX:ArchiveClassesAtExit=" + archive, "-Xlog:cds=off",
                "-Xlog:cds+dynamic=off", "-jar", jar.toString()).redirectErrorStream(true).start();
        String dumped = new String(dump.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(dump.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, dump.exitValue(), dumped);
        assertTrue(Files.size(archive) > 0, "the archive was written");
        Files.setLastModifiedTime(archive, FileTime.from(Instant.now().plusSeconds(60))); // the jar's time must not move

        Path classLog = root.resolve("classes.log");
        Map<String, String> env = Map.of("JAVA_HOME", realJavaHome.toString(),
                "TASKLANE_JAVA_OPTS", "-Xlog:class+load=info:file=" + classLog);
        Run shared = launch(env);
        assertEquals(List.of(LauncherProbe.SAID), shared.lines(), shared.err());
        assertTrue(probeLoadedFrom(classLog).contains("shared objects file"), probeLoadedFrom(classLog));

        writeProbeJar("built again"); // a rebuild: same path, another size
        Files.setLastModifiedTime(archive, FileTime.from(Instant.now().plusSeconds(60)));
        Run stale = launch(env);
        assertEquals(List.of(LauncherProbe.SAID), stale.lines(), "only the probe's own line: " + stale.err());
        assertEquals("", stale.err());
        assertFalse(probeLoadedFrom(classLog).contains("shared objects file"), probeLoadedFrom(classLog));
    }

    private String probeLoadedFrom(Path classLog) throws IOException {
        return Files.readAllLines(classLog).stream().filter(line -> line.contains(LauncherProbe.class.getName() + " "))
                .findFirst().orElse("(the probe's class was not loaded)");
    }

    private void writeProbeJar(String comment) throws IOException {
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().put(Attributes.Name.MAIN_CLASS, LauncherProbe.class.getName());
        String entry = LauncherProbe.class.getName().replace('.', '/') + ".class";
        try (OutputStream file = Files.newOutputStream(jar); JarOutputStream out = new JarOutputStream(file, manifest);
             InputStream probe = LauncherProbe.class.getClassLoader().getResourceAsStream(entry)) {
            out.putNextEntry(new JarEntry(entry));
            probe.transferTo(out);
            out.closeEntry();
            // the JVM knows a jar by its size and time (whole seconds): a rebuild within the second must change the size
            out.setComment(comment);
        }
    }

    /** {@code env} with a stand-in {@code nproc} that answers {@code count} first on the {@code PATH}. */
    private Map<String, String> processors(int count, Map<String, String> env) throws IOException {
        Path bin = Files.createDirectories(root.resolve("nproc-" + count));
        Path nproc = bin.resolve("nproc");
        Files.writeString(nproc, "#!/bin/sh\necho " + count + "\n");
        assertTrue(nproc.toFile().setExecutable(true));
        Map<String, String> with = new HashMap<>(env);
        with.put("PATH", bin + File.pathSeparator + System.getenv("PATH"));
        return with;
    }

    /** Whether a cgroup v2 CPU quota of this machine leaves 2 processors or fewer (the launcher reads it too). */
    private static boolean cpuQuotaOfTwoOrLess() throws IOException {
        Path max = Path.of("/sys/fs/cgroup/cpu.max");
        if (!Files.isReadable(max)) {
            return false;
        }
        String[] quota = Files.readString(max).trim().split(" ");
        return quota.length == 2 && !"max".equals(quota[0])
                && Long.parseLong(quota[0]) <= 2 * Long.parseLong(quota[1]);
    }

    /** A JDK 25 whose release file says so, and an AOT cache newer than the jar: the one the launcher uses. */
    private Path jdk25WithACurrentAotCache() throws IOException {
        release("25.0.3");
        Files.writeString(jar, "jar");
        Path cache = archive.resolveSibling("tasklane.aot");
        Files.writeString(cache, "cache");
        age(jar, 60);
        return cache;
    }

    private void release(String version) throws IOException {
        Files.writeString(fakeJavaHome.resolve("release"), "IMPLEMENTOR=\"test\"\nJAVA_VERSION=\"" + version + "\"\n");
    }

    private static void age(Path file, long seconds) throws IOException {
        Files.setLastModifiedTime(file, FileTime.from(Instant.now().minusSeconds(seconds)));
    }

    private Run launch(Map<String, String> env, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of(launcher.toString()));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command);
        builder.environment().remove("TASKLANE_JAVA_OPTS");
        builder.environment().put("TASKLANE_JIT", "tiered");
        builder.environment().put("JAVA_HOME", fakeJavaHome.toString());
        builder.environment().putAll(env);
        Process process = builder.start();
        process.getOutputStream().close();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String err = new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(60, TimeUnit.SECONDS), "the launcher ended");
        return new Run(process.exitValue(), out.isEmpty() ? List.of() : List.of(out.split("\n")), err);
    }

    private record Run(int exit, List<String> lines, String err) {
    }
}
