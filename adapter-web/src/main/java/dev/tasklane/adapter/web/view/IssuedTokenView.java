package dev.tasklane.adapter.web.view;

/**
 * A token just created: its secret, shown this once, the two files an agent's plugin expects, and the MCP
 * configuration of Claude Code (a command), Cursor and VS Code (project files), each carrying the token.
 */
public record IssuedTokenView(String name, String board, String secret, String strideAuthMd, String strideMd,
                              String mcpClaudeCode, String mcpCursor, String mcpVsCode) {
}
