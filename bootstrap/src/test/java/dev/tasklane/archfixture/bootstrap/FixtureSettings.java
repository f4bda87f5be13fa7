package dev.tasklane.archfixture.bootstrap;

/** Allowed to print: bootstrap is excluded from the standard-streams rule. Must not appear in that rule's violations. */
public final class FixtureSettings {
    private FixtureSettings() {
    }

    /** A method, not a constant: javac would inline a constant and erase the dependency the fixture needs. */
    public static String defaultTitle() {
        return "untitled";
    }

    public static void announce(int port) {
        System.out.println("listening on " + port);
    }
}
