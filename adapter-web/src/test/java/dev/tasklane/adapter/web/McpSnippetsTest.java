package dev.tasklane.adapter.web;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The token page's MCP configuration: the files of Cursor and VS Code, a shell-safe command for Claude Code. */
class McpSnippetsTest {
    private static final String TOKEN = "tasklane_abc-DEF_123";

    @Test
    void eachClientsConfigurationCarriesTheTokenAndTheEndpoint() {
        assertEquals("{\n  \"mcpServers\": {\n    \"tasklane\": {\n      \"url\": \"http://localhost:7070/mcp\",\n"
                + "      \"headers\": { \"Authorization\": \"Bearer " + TOKEN + "\" }\n    }\n  }\n}\n",
                McpSnippets.cursor("http://localhost:7070/", TOKEN));
        assertEquals("{\n  \"servers\": {\n    \"tasklane\": {\n      \"type\": \"http\",\n"
                + "      \"url\": \"https://tasks.example.com/mcp\",\n"
                + "      \"headers\": { \"Authorization\": \"Bearer " + TOKEN + "\" }\n    }\n  }\n}\n",
                McpSnippets.vsCode("https://tasks.example.com", TOKEN));
        assertEquals("claude mcp add --transport http tasklane 'http://localhost:7070/mcp' --header 'Authorization: Bearer "
                + TOKEN + "'", McpSnippets.claudeCode("http://localhost:7070", TOKEN));
        assertEquals("claude mcp add --transport http tasklane 'http://h/it'\\''s/mcp' --header 'Authorization: Bearer t'",
                McpSnippets.claudeCode("http://h/it's", "t"), "a single quote is closed, escaped and reopened");
        assertEquals("\"a\\\"b\\\\c\\u0001\"", McpSnippets.cursor("x", "a\"b\\c\u0001").lines()
                .filter(line -> line.contains("Authorization")).findFirst().orElseThrow()
                .replaceAll(".*\"Bearer ", "\"").replaceAll(" }$", ""), "JSON escapes");
    }
}
