package dev.tasklane.archfixture.adapter.http;

/** The fixture's stand-in for the HTTP API's seam: the MCP fixture may use it (and its nested types). */
public final class ApiCalls {
    /** A nested type of the seam, also allowed. */
    public record Answer(int status) {
    }

    public Answer call() {
        return new Answer(200);
    }
}
