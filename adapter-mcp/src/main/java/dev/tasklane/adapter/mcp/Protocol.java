package dev.tasklane.adapter.mcp;

import java.util.List;

/** The MCP revisions this endpoint speaks, its headers, and the JSON-RPC error codes it answers with. */
final class Protocol {
    /** The revisions negotiated in {@code initialize}, oldest first. */
    static final List<String> VERSIONS = List.of("2025-03-26", "2025-06-18", "2025-11-25");
    /** What a client asking for another revision is offered. */
    static final String LATEST = "2025-11-25";
    /**
     * The revision assumed for a request without {@code MCP-Protocol-Version}, as the specification says a server
     * should when it has no other way to tell.
     */
    static final String WITHOUT_HEADER = "2025-03-26";
    /** The first revision with {@code outputSchema}, {@code structuredContent} and tool titles. */
    static final String STRUCTURED_SINCE = "2025-06-18";
    static final String VERSION_HEADER = "MCP-Protocol-Version";
    /** The most messages one 2025-03-26 batch may hold. */
    static final int MAX_BATCH = 50;
    /**
     * Methods of capabilities this server does not declare, with the capability: answered "method not found" with
     * a message that says so, as the specification asks of a server without the capability.
     */
    static final java.util.Map<String, String> NOT_OFFERED = java.util.Map.of(
            "logging/setLevel", "logging",
            "completion/complete", "completions",
            "prompts/list", "prompts",
            "prompts/get", "prompts",
            "resources/subscribe", "resource subscription",
            "resources/unsubscribe", "resource subscription");

    static final int PARSE_ERROR = -32700;
    static final int INVALID_REQUEST = -32600;
    static final int METHOD_NOT_FOUND = -32601;
    static final int INVALID_PARAMS = -32602;
    static final int INTERNAL_ERROR = -32603;
    /** Server-defined (-32000 to -32099): the request was not authenticated, or the origin is refused. */
    static final int UNAUTHORIZED = -32001;
    /** Server-defined: the request was refused for another reason the answer's data gives (429, 503). */
    static final int SERVER_ERROR = -32000;
    /** MCP's code for a resource that does not exist. */
    static final int RESOURCE_NOT_FOUND = -32002;

    private Protocol() {
    }

    static boolean structured(String version) {
        return version.compareTo(STRUCTURED_SINCE) >= 0;
    }
}
