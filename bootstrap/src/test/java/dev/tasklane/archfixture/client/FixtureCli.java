package dev.tasklane.archfixture.client;

/** Allowed to print: the CLI is excluded from the standard-streams rule. Must not appear in that rule's violations. */
public final class FixtureCli {
    private FixtureCli() {
    }

    public static void usage() {
        System.err.println("usage: tasklane <command>");
    }
}
