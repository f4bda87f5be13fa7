package dev.tasklane.adapter.mcp;

/** {@link McpEndToEndContract} over the in-memory store. */
class InMemoryMcpEndToEndTest extends McpEndToEndContract {
    @Override
    protected McpServer newServer() {
        return McpServer.inMemory();
    }
}
