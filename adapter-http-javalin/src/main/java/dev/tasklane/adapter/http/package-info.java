/**
 * The HTTP API on Javalin, reaching the application through its inbound ports only (docs/api.md): the entry points
 * other modules use, {@code HttpApi} (which registers the routes, the pipeline and the error handlers) with its
 * {@code ShutdownGate}, and {@code ApiCalls}, the seam through which the MCP endpoint runs the API's routes. The
 * routes are in {@code adapter.http.routes}, the per-request machinery and its settings in
 * {@code adapter.http.pipeline}, the request and answer records in {@code adapter.http.wire}, the error answers in
 * {@code adapter.http.error}, the OpenAPI schemas in {@code adapter.http.openapi} and the onboarding document in
 * {@code adapter.http.onboarding}.
 */
package dev.tasklane.adapter.http;
