package dev.tasklane.client;

import picocli.CommandLine.Option;

import java.nio.file.Path;

/** The options every {@code tasklane agent} subcommand takes. */
final class AgentOptions {
    @Option(names = "--url", paramLabel = "URL",
            description = "Server address (else TASKLANE_URL, else the **API URL:** line of .stride_auth.md)")
    String url;

    @Option(names = "--token", paramLabel = "TOKEN",
            description = "API token (else TASKLANE_TOKEN, else the **API Token:** line of .stride_auth.md)")
    String token;

    @Option(names = "--json", description = "Print JSON instead of text")
    boolean json;

    @Option(names = "--dir", paramLabel = "DIR", defaultValue = ".",
            description = "Working directory: where .stride.md, .stride_auth.md and .tasklane/ are (default: .)")
    Path dir;

    @Option(names = "--agent-name", paramLabel = "NAME",
            description = "The agent_name sent to the server (else TASKLANE_AGENT_NAME, else tasklane-agent)")
    String agentName;
}
