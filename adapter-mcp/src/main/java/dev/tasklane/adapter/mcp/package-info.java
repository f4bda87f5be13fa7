/**
 * The Model Context Protocol endpoint: JSON-RPC over Streamable HTTP at {@code /mcp} on the API's server, whose
 * tools call the HTTP API's routes in-process ({@code ApiCalls}), so that they run the same use cases with the
 * same authentication, caps, parsing and refusals (docs/mcp.md).
 */
package dev.tasklane.adapter.mcp;
