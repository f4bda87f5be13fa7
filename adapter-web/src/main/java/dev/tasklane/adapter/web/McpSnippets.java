package dev.tasklane.adapter.web;

/**
 * Ready-to-paste MCP configuration for a token just issued (docs/mcp.md, "Configuration per client"): the Claude
 * Code command, and the project files of Cursor and VS Code, each carrying the token and this server's /mcp.
 * A token's secret and the base URL hold no character JSON or a shell's single quotes would need escaped; both are
 * escaped anyway.
 */
final class McpSnippets {
    private McpSnippets() {
    }

    /** {@code claude mcp add ...}, one line. */
    static String claudeCode(String baseUrl, String token) {
        return "claude mcp add --transport http tasklane " + shell(endpoint(baseUrl)) + " --header "
                + shell("Authorization: Bearer " + token);
    }

    /** {@code .cursor/mcp.json}. */
    static String cursor(String baseUrl, String token) {
        return "{\n  \"mcpServers\": {\n    \"tasklane\": {\n      \"url\": " + json(endpoint(baseUrl)) + ",\n"
                + "      \"headers\": { \"Authorization\": " + json("Bearer " + token) + " }\n    }\n  }\n}\n";
    }

    /** {@code .vscode/mcp.json}. */
    static String vsCode(String baseUrl, String token) {
        return "{\n  \"servers\": {\n    \"tasklane\": {\n      \"type\": \"http\",\n      \"url\": "
                + json(endpoint(baseUrl)) + ",\n      \"headers\": { \"Authorization\": " + json("Bearer " + token)
                + " }\n    }\n  }\n}\n";
    }

    private static String endpoint(String baseUrl) {
        return (baseUrl.endsWith("/") ? baseUrl.substring(0, baseUrl.length() - 1) : baseUrl) + "/mcp";
    }

    private static String shell(String value) {
        return "'" + value.replace("'", "'\\''") + "'";
    }

    private static String json(String value) {
        StringBuilder out = new StringBuilder("\"");
        for (char c : value.toCharArray()) {
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                default -> out.append(c < 0x20 ? String.format("\\u%04x", (int) c) : String.valueOf(c));
            }
        }
        return out.append('"').toString();
    }
}
