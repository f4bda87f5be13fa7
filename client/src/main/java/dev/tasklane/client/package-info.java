/**
 * The agent client ({@code tasklane agent ...}): an agent's loop against a server over HTTP, running its hooks
 * locally; it knows the server only through the API (docs/agent-client.md).
 */
package dev.tasklane.client;
