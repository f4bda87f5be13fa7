package dev.tasklane.bootstrap;

import dev.tasklane.adapter.mcp.McpSettings;

/**
 * Where the server listens and how it names itself (docs/configuration.md).
 *
 * @param port               the HTTP port ({@code TASKLANE_PORT}); 0 picks a free one
 * @param baseUrl            the public base URL written into onboarding and links ({@code TASKLANE_BASE_URL}),
 *                           without a trailing slash; {@code http://localhost:<port>} unless given
 * @param trustedProxyHeader null unless given: the header a trusted reverse proxy puts the client's address in
 *                           ({@code TASKLANE_TRUSTED_PROXY_HEADER}), believed by the API and the web interface
 * @param managementPort     null unless given: the port that serves {@code GET /metrics} without a token
 *                           ({@code TASKLANE_MANAGEMENT_PORT}; 0 picks a free one); without it {@code /metrics} is on
 *                           {@link #port} for an admin's token (docs/operations.md, "Metrics")
 * @param mcpCallRate        the cap on MCP calls per token ({@code TASKLANE_MCP_RATE_LIMIT}; docs/mcp.md)
 */
public record HttpConfig(int port, String baseUrl, String trustedProxyHeader, Integer managementPort,
                         McpSettings.CallRate mcpCallRate) {
    /** Default port of {@code --port}. */
    public static final int DEFAULT_PORT = 7070;
}
