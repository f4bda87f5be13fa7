package dev.tasklane.adapter.http;

import dev.tasklane.application.port.in.BatchRejectedException;
import dev.tasklane.application.port.in.StoreUnavailableException;
import dev.tasklane.application.port.in.UnauthenticatedException;
import dev.tasklane.domain.error.ConflictException;
import dev.tasklane.domain.error.ForbiddenException;
import dev.tasklane.domain.error.NotFoundException;
import dev.tasklane.domain.error.TasklaneException;
import dev.tasklane.domain.hook.HookProofRejectedException;
import dev.tasklane.domain.projection.ShowFieldsRejectedException;
import dev.tasklane.domain.validation.CompletionRejectedException;
import dev.tasklane.domain.validation.FieldErrors;
import dev.tasklane.domain.validation.TaskFieldsRejectedException;
import dev.tasklane.domain.validation.TaskUpdateRejectedException;
import io.javalin.http.Context;
import io.javalin.http.HttpResponseException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Maps every failure to its status and body family once (docs/api.md, "Errors"): the
 * edge's own refusals, the domain's error families, Javalin's routing errors, and a logged 500 for anything
 * unexpected.
 */
final class ErrorMapper {
    private static final Logger LOG = LoggerFactory.getLogger(ErrorMapper.class);

    private final Json json;
    private final long retryAfterSeconds;

    ErrorMapper(Json json, java.time.Duration unavailableRetryAfter) {
        this.json = json;
        this.retryAfterSeconds = unavailableRetryAfter.toSeconds();
    }

    void handle(Exception error, Context ctx) {
        Rendered rendered = render(error, ctx.path());
        rendered.headers().forEach(ctx::header);
        ctx.status(rendered.status()).contentType("application/json").result(json.write(rendered.body()));
    }

    record Rendered(int status, Map<String, Object> body, Map<String, String> headers) {
        Rendered(int status, Map<String, Object> body) {
            this(status, body, Map.of());
        }
    }

    Rendered render(Exception error, String path) {
        if (error instanceof ApiProblem problem) {
            return new Rendered(problem.status(), problem.body(), problem.headers());
        }
        if (error instanceof HttpResponseException routing) {
            return routing(routing);
        }
        if (error instanceof TasklaneException domain) {
            return domain(domain, path);
        }
        LOG.error("Unhandled error on {}", path, error);
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("error", "internal_server_error");
        body.put("message", "The server failed to process the request. Please retry; if the failure persists, contact support.");
        body.put("errors", Map.of("detail", "Internal Server Error"));
        return new Rendered(500, body);
    }

    private Rendered routing(HttpResponseException routing) {
        int status = routing.getStatus();
        return switch (status) {
            case 404 -> new Rendered(404, Map.of("errors", Map.of("detail", "Not Found")));
            case 405 -> new Rendered(405, Map.of("errors", Map.of("detail", "Method Not Allowed")));
            case 413 -> new Rendered(413, ApiProblem.tooLarge(json.maxBodyBytes()).body());
            case 400 -> new Rendered(400, ApiProblem.badRequest(String.valueOf(routing.getMessage())).body());
            default -> new Rendered(status, Map.of("errors", Map.of("detail", String.valueOf(routing.getMessage()))));
        };
    }

    private Rendered domain(TasklaneException error, String path) {
        if (error instanceof StoreUnavailableException unavailable) {
            return unavailable(unavailable);
        }
        if (error instanceof UnauthenticatedException) {
            return new Rendered(401, Map.of("error", error.getMessage()));
        }
        if (error instanceof HookProofRejectedException hook) {
            Map<String, Object> body = new LinkedHashMap<>();
            body.put("error", hook.getMessage());
            body.put("hook", hook.hook().wire());
            body.put("required_format", Map.of(hook.hook().wire() + "_result", ErrorDocs.HookFormats.example()));
            body.putAll(ErrorDocs.forCode(hook.code()));
            return new Rendered(422, body);
        }
        if (error instanceof TaskFieldsRejectedException fields) {
            return new Rendered(422, changeset(fields.errors()));
        }
        if (error instanceof TaskUpdateRejectedException update) {
            Map<String, Object> body = new LinkedHashMap<>();
            body.put("error", TaskUpdateRejectedException.MESSAGE);
            body.put("failures", update.failures().stream().map(ErrorJson::failure).toList());
            body.putAll(ErrorDocs.forCode(update.code()));
            return new Rendered(422, body);
        }
        if (error instanceof ShowFieldsRejectedException fields) {
            Map<String, Object> body = new LinkedHashMap<>();
            body.put("error", ShowFieldsRejectedException.MESSAGE);
            body.put("failures", List.of(Map.of("field", "fields", "errors", fields.problems().stream()
                    .map(problem -> Map.of("field", problem.name(), "message",
                            problem.notAllowed() ? problem.message() + " for GET /api/tasks/:id" : problem.message()))
                    .toList())));
            body.putAll(ErrorDocs.forCode(fields.code()));
            body.put("code", fields.code());
            return new Rendered(422, body);
        }
        if (error instanceof CompletionRejectedException completion) {
            if (completion.family() == CompletionRejectedException.Family.CHANGESET) {
                return new Rendered(422, changeset(completion.toFieldErrors()));
            }
            Map<String, Object> body = new LinkedHashMap<>();
            body.put("error", CompletionRejectedException.MESSAGE);
            body.put("status", 422);
            body.put("failures", completion.failures().stream().map(ErrorJson::failure).toList());
            body.put("required_format", path.endsWith("/changed_files")
                    ? Map.of("changed_files", RequiredFormats.CHANGED_FILES) : RequiredFormats.COMPLETION);
            body.putAll(ErrorDocs.forCode(completion.code()));
            return new Rendered(422, body);
        }
        if (error instanceof BatchRejectedException batch) {
            Map<String, Object> body = new LinkedHashMap<>();
            body.put("error", batch.getMessage());
            body.put("index", batch.index());
            body.put("details", ErrorJson.fieldErrors(batch.fieldErrors()));
            return new Rendered(422, body);
        }
        int status = statusOf(error);
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("error", NextSteps.message(error));
        if (status != 404) {
            body.putAll(ErrorDocs.forCode(error.code()));
            body.put("code", error.code());
        }
        Map<String, Object> details = ErrorJson.details(error.details());
        if (!details.isEmpty()) {
            body.put("details", details);
        }
        return new Rendered(status, body);
    }

    /** 503 with {@code Retry-After}: the store cannot be reached; nothing the caller sent was wrong. */
    Rendered unavailable(StoreUnavailableException error) {
        LOG.warn("Store unavailable: {}", error.getMessage());
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("error", error.getMessage());
        body.put("code", error.code());
        body.put("retry_after_seconds", retryAfterSeconds);
        return new Rendered(503, body, Map.of("Retry-After", Long.toString(retryAfterSeconds)));
    }

    private static int statusOf(TasklaneException error) {
        if (error instanceof NotFoundException) {
            return 404;
        }
        if (error instanceof ConflictException) {
            return 409;
        }
        if (error instanceof ForbiddenException) {
            return 403;
        }
        return 422;
    }

    /** The changeset family: {@code {"errors": {field: [msgs]}, "documentation": ...}}. */
    static Map<String, Object> changeset(FieldErrors errors) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("errors", ErrorJson.fieldErrors(errors));
        body.put("documentation", ErrorDocs.TASK_WRITING);
        return body;
    }

    /** Example payloads of the completion family's {@code required_format}. */
    static final class RequiredFormats {
        static final List<Map<String, Object>> CHANGED_FILES = List.of(
                Map.of("path", "lib/foo.ex", "diff", "Unified-patch text — see docs/api.md#changed-files (≤ 500 lines per file)"),
                Map.of("path", "assets/logo.png", "diff", "[binary file — no diff captured]"));
        static final Map<String, Object> COMPLETION;

        static {
            Map<String, Object> format = new LinkedHashMap<>();
            format.put("explorer_result", Map.of("dispatched", true,
                    "summary", "…(40+ non-whitespace chars)", "duration_ms", 12000));
            Map<String, Object> reviewer = new LinkedHashMap<>();
            reviewer.put("dispatched", true);
            reviewer.put("summary", "…");
            reviewer.put("duration_ms", 8000);
            reviewer.put("acceptance_criteria_checked", 5);
            reviewer.put("issues_found", 0);
            reviewer.put("status", "approved");
            reviewer.put("issue_counts", Map.of("critical", 0, "important", 0, "minor", 0));
            reviewer.put("issues", List.of());
            reviewer.put("acceptance_criteria", List.of(Map.of("criterion", "All positions recalculate on move", "status", "met")));
            reviewer.put("schema_version", "1.0");
            format.put("reviewer_result", reviewer);
            format.put("skip_form", Map.of("dispatched", false,
                    "reason", "one of: no_subagent_support, small_task_0_1_key_files, trivial_change_docs_only, self_reported_exploration, self_reported_review",
                    "summary", "…"));
            format.put("changed_files", CHANGED_FILES);
            COMPLETION = format;
        }

        private RequiredFormats() {
        }
    }
}
