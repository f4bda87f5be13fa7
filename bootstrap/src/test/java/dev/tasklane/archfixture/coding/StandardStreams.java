package dev.tasklane.archfixture.coding;

/** Breaks noStandardStreamsOutsideBootstrapAndClient: prints from outside bootstrap and the CLI. */
public final class StandardStreams {
    private StandardStreams() {
    }

    public static void shout(String message) {
        System.err.println(message);
    }
}
