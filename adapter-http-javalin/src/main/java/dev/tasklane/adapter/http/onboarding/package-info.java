/**
 * The onboarding document of {@code GET /api/agent/onboarding} (docs/api.md, "Onboarding"): the workflow, the hook
 * metadata, the request examples, the API reference, the agent file templates and a JSON Schema of every request
 * body. Presentation of the wire format, so it lives at the HTTP edge; it reads the configured limits and
 * completion mode from the application's {@code WorkflowSettings}.
 */
package dev.tasklane.adapter.http.onboarding;
