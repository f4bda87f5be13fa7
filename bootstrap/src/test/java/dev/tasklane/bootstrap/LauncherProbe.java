package dev.tasklane.bootstrap;

/** The main class of the small jar that {@link LauncherTest} starts through {@code bin/tasklane} with a real JVM. */
public final class LauncherProbe {
    static final String SAID = "the probe ran";

    private LauncherProbe() {
    }

    public static void main(String[] args) {
        System.out.println(SAID);
    }
}
