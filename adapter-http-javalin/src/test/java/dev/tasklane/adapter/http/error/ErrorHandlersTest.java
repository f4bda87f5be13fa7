package dev.tasklane.adapter.http.error;

import static dev.tasklane.adapter.http.onboarding.DocumentTrees.plain;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.tasklane.application.port.in.BatchRejectedException;
import dev.tasklane.application.port.in.SignInThrottledException;
import dev.tasklane.application.port.out.ConcurrentUpdateException;
import dev.tasklane.application.port.in.StoreUnavailableException;
import dev.tasklane.application.port.in.UnauthenticatedException;
import dev.tasklane.domain.error.ConflictException;
import dev.tasklane.domain.error.ErrorDetails;
import dev.tasklane.domain.task.TaskIdentifier;
import dev.tasklane.domain.error.ForbiddenException;
import dev.tasklane.domain.error.InvalidInputException;
import dev.tasklane.domain.error.InvalidStateException;
import dev.tasklane.domain.error.NextStep;
import dev.tasklane.domain.error.NotFoundException;
import dev.tasklane.domain.hook.HookName;
import dev.tasklane.domain.hook.HookProofRejectedException;
import dev.tasklane.domain.validation.CompletionRejectedException;
import dev.tasklane.domain.validation.Failure;
import dev.tasklane.domain.validation.FieldError;
import dev.tasklane.domain.validation.FieldErrors;
import dev.tasklane.domain.validation.TaskFieldsRejectedException;
import dev.tasklane.domain.validation.TaskUpdateRejectedException;
import io.javalin.Javalin;
import io.javalin.http.HandlerType;
import io.javalin.http.MethodNotAllowedResponse;
import io.javalin.http.NotFoundResponse;
import io.javalin.testtools.JavalinTest;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Each error family's status and body, pinned as the JSON text an agent reads: keys, key order, nulls. And the
 * families as Javalin runs them: one handler each, answering as {@link ErrorHandlers#render} does.
 */
class ErrorHandlersTest {
    private static final ObjectMapper MAPPER = JsonMapper.builder().build();
    private static final ErrorHandlers ERRORS = new ErrorHandlers(MAPPER, 10, Duration.ofSeconds(2));

    private static String answer(Exception error, String path) {
        ErrorHandlers.Rendered rendered = ERRORS.render(error, path);
        return rendered.status() + " " + ERRORS.json(rendered.body());
    }

    private static String answer(Exception error) {
        return answer(error, "/api/tasks/W1");
    }

    @Test
    void theDomainsPlainFamiliesCarryMessageGuidanceCodeAndDetails() {
        assertEquals("404 {\"error\":\"Task not found\"}", answer(new NotFoundException("not_found", "Task not found")));
        assertEquals("409 {\"error\":\"Key file lib/a.ex is held by W2. Ask GET /api/tasks/next for another task.\","
                        + "\"documentation\":\"docs/api.md\",\"getting_started\":\"docs/api.md#getting-started\","
                        + "\"code\":\"key_file_conflict\","
                        + "\"details\":{\"file_path\":\"lib/a.ex\",\"held_by\":\"W2\",\"held_by_agent\":null}}",
                answer(new ConflictException("key_file_conflict", "Key file lib/a.ex is held by W2.",
                        new ErrorDetails.KeyFileHeld("lib/a.ex", "W2", null), NextStep.ASK_FOR_ANOTHER_TASK)));
        assertEquals("403 {\"error\":\"Only admins may do that\",\"documentation\":\"docs/api.md\","
                        + "\"getting_started\":\"docs/api.md#getting-started\",\"code\":\"forbidden\"}",
                answer(new ForbiddenException("forbidden", "Only admins may do that")));
        assertEquals("422 {\"error\":\"bad\",\"documentation\":\"docs/api.md\","
                        + "\"getting_started\":\"docs/api.md#getting-started\",\"code\":\"invalid\","
                        + "\"details\":{\"field\":\"title\"}}",
                answer(new InvalidInputException("invalid", "bad", new ErrorDetails.Field("title"))));
    }

    @Test
    void aDocumentedCodeCarriesStridesGuidanceKeysInOrder() {
        ErrorHandlers.Rendered rendered = ERRORS.render(new ConflictException("task_not_claimable", "no",
                new ErrorDetails.BlockedBy(List.of(TaskIdentifier.parse("W3").orElseThrow()))), "/api/tasks/claim");
        assertEquals(List.of("error", "documentation", "related_docs", "common_causes", "code", "details"),
                List.copyOf(plain(ERRORS.tree(rendered.body())).keySet()));
        assertEquals("{\"blocked_by\":[\"W3\"]}", ERRORS.json(rendered.body()).replaceAll(".*\"details\":", "")
                .replaceAll("}$", ""));
    }

    @Test
    void theEdgesOwnRefusals() {
        assertEquals("400 {\"error\":\"Bad Request\",\"detail\":\"x\",\"errors\":{\"detail\":\"Bad Request\"}}",
                answer(RequestRefused.badRequest("x")));
        assertEquals("413 {\"error\":\"Payload Too Large\","
                        + "\"detail\":\"The request body exceeds the limit of 10 bytes. Send a smaller body.\"}",
                answer(RequestRefused.tooLarge(10)));
        assertEquals("422 {\"error\":\"Invalid parameter: sort must be x\",\"errors\":{\"sort\":[\"must be x\"]},"
                + "\"documentation\":\"docs/api.md\"}", answer(RequestRefused.invalid("sort", "must be x")));
        assertEquals("405 {\"errors\":{\"detail\":\"Method Not Allowed\"}}", answer(RequestRefused.methodNotAllowed()));
        ErrorHandlers.Rendered limited = ERRORS.render(RequestRefused.tooManyRequests("Too many requests", 7), "/");
        assertEquals(Map.of("Retry-After", "7"), limited.headers());
        assertEquals("{\"error\":\"Too many requests\"}", ERRORS.json(limited.body()));
        assertEquals("401 {\"error\":\"Invalid API token\"}", answer(new UnauthenticatedException("Invalid API token")));
    }

    @Test
    void javalinsRoutingErrorsInPhoenixsForm() {
        assertEquals("404 {\"errors\":{\"detail\":\"Not Found\"}}", answer(new NotFoundResponse()));
        assertEquals("405 {\"errors\":{\"detail\":\"Method Not Allowed\"}}", answer(new MethodNotAllowedResponse()));
    }

    @Test
    void anUnexpectedFailureIsTheGeneric500() {
        assertEquals("500 {\"error\":\"internal_server_error\",\"message\":\"The server failed to process the request. "
                        + "Please retry; if the failure persists, contact support.\","
                        + "\"errors\":{\"detail\":\"Internal Server Error\"}}",
                answer(new IllegalStateException("boom")));
    }

    @Test
    void anUnreachableStoreIs503WithRetryAfter() {
        StoreUnavailableException down = new StoreUnavailableException("connection refused");
        ErrorHandlers.Rendered rendered = ERRORS.render(down, "/api/tasks");
        assertEquals(503, rendered.status());
        assertEquals(Map.of("Retry-After", "2"), rendered.headers());
        assertEquals("{\"error\":" + MAPPER.valueToTree(down.getMessage()) + ",\"code\":\"store_unavailable\","
                + "\"retry_after_seconds\":2}", ERRORS.json(rendered.body()));
    }

    @Test
    void theChangesetFamily() {
        FieldErrors errors = new FieldErrors().add("title", "can't be blank");
        errors.addRows("key_files", List.of(new FieldErrors(), new FieldErrors().add("position", "is invalid")));
        assertEquals("422 {\"errors\":{\"title\":[\"can't be blank\"],\"key_files\":[{},{\"position\":[\"is invalid\"]}]},"
                + "\"documentation\":\"docs/api.md#task-fields\"}", answer(new TaskFieldsRejectedException(errors)));
        assertEquals("422 {\"error\":\"Failed to create goal at index 2\",\"index\":2,"
                        + "\"details\":{\"title\":[\"can't be blank\"]}}",
                answer(new BatchRejectedException(2, new FieldErrors().add("title", "can't be blank"))));
    }

    @Test
    void theFailuresFamilies() {
        List<Failure> failures = List.of(new Failure("explorer_result", List.of(new FieldError("summary", "too short"))));
        Map<String, Object> completion = tree(new CompletionRejectedException(CompletionRejectedException.Family.FAILURES,
                failures), "/api/tasks/W1/complete");
        assertEquals(List.of("error", "status", "failures", "required_format", "documentation", "related_docs",
                "common_causes"), List.copyOf(completion.keySet()));
        assertEquals(422, completion.get("status"));
        assertEquals(List.of(Map.of("field", "explorer_result", "errors", List.of(Map.of("field", "summary",
                "message", "too short")))), completion.get("failures"));
        Map<?, ?> format = (Map<?, ?>) completion.get("required_format");
        assertEquals(List.of("explorer_result", "reviewer_result", "skip_form", "changed_files"),
                List.copyOf(format.keySet()));
        assertEquals(List.of("dispatched", "summary", "duration_ms", "acceptance_criteria_checked", "issues_found",
                "status", "issue_counts", "issues", "acceptance_criteria", "schema_version"),
                List.copyOf(((Map<?, ?>) format.get("reviewer_result")).keySet()));
        Map<String, Object> changedFiles = tree(new CompletionRejectedException(
                CompletionRejectedException.Family.FAILURES, failures), "/api/tasks/W1/changed_files");
        assertEquals(List.of("changed_files"), List.copyOf(((Map<?, ?>) changedFiles.get("required_format")).keySet()));

        Map<String, Object> update = tree(new TaskUpdateRejectedException(failures), "/api/tasks/W1");
        assertEquals(List.of("error", "failures", "documentation", "common_causes"), List.copyOf(update.keySet()));
        assertEquals("task update rejected", update.get("error"));
    }

    @Test
    void theHookFamilyShowsTheResultItWanted() {
        Map<String, Object> hook = tree(new HookProofRejectedException(HookName.AFTER_DOING, "after_doing failed"),
                "/api/tasks/W1/complete");
        assertEquals(List.of("error", "hook", "required_format", "documentation", "related_docs", "common_causes",
                "correct_format"), List.copyOf(hook.keySet()));
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("exit_code", 0);
        result.put("output", "Hook execution output");
        result.put("duration_ms", 1234);
        assertEquals(List.copyOf(Map.of("after_doing_result", result).entrySet()),
                List.copyOf(((Map<?, ?>) hook.get("required_format")).entrySet()));
        assertEquals(List.of("exit_code", "output", "duration_ms"), List.copyOf(((Map<?, ?>) ((Map<?, ?>)
                hook.get("required_format")).get("after_doing_result")).keySet()));
        assertEquals(List.of("before_doing_result", "after_doing_result", "before_review_result", "after_review_result"),
                List.copyOf(((Map<?, ?>) hook.get("correct_format")).keySet()));
    }

    /** A refusal the caller can act on is never a 5xx: the families without a handler of their own answer 422. */
    @Test
    void everyRefusalWithoutAFamilyOfItsOwnIsA422() {
        assertEquals(422, ERRORS.render(new InvalidStateException("invalid_state", "no"), "/").status());
        assertEquals(422, ERRORS.render(new ConcurrentUpdateException("raced"), "/").status());
        assertEquals(422, ERRORS.render(new SignInThrottledException(3), "/").status());
    }

    /** {@link ErrorBody#KEYS} is the order Jackson writes: a body with every key set lists them all, in order. */
    @Test
    void theKeysListIsTheWrittenOrder() {
        ErrorBody full = new ErrorBody("e", 422, "after_doing", 1, "m", "d", 3, Map.of("a", 1),
                new ErrorBody.Detail("x"), List.of(), Map.of(), "doc", List.of(), "start", List.of(), "fmt", "c",
                new ErrorBody.Details.Field("f"), 5L);
        assertEquals(ErrorBody.KEYS, List.copyOf(plain(ERRORS.tree(full)).keySet()));
        assertEquals(List.of(ErrorBody.Detail.class, ErrorBody.ByField.class), ErrorBody.alternatives().get("errors"));
        assertEquals(19, ErrorBody.alternatives().get("details").size());
        assertEquals(List.of("error", "documentation", "related_docs", "common_causes", "code", "details"),
                List.copyOf(plain(ERRORS.tree(ErrorBody.sample())).keySet()));
    }

    /** Javalin runs one handler per family, and each answers as render does: the in-process callers see the same. */
    @Test
    void javalinHandsEachExceptionToItsFamily() {
        List<Exception> thrown = List.of(new NotFoundException("not_found", "Task not found"),
                new ConflictException("c", "held"), RequestRefused.invalid("a", "b"), new IllegalArgumentException("x"),
                new UnauthenticatedException("Invalid API token"), new StoreUnavailableException("down"),
                new TaskUpdateRejectedException(List.of(new Failure("a", List.of(new FieldError("b", "c"))))));
        Javalin app = Javalin.create(config -> {
            ERRORS.register(config);
            for (int i = 0; i < thrown.size(); i++) {
                Exception error = thrown.get(i);
                config.routes.addHttpHandler(HandlerType.GET, "/e/" + i, ctx -> {
                    throw error;
                });
            }
        });
        assertEquals(ErrorBody.KEYS.size(), ErrorBody.class.getRecordComponents().length);
        assertTrue(ERRORS.families().contains(Exception.class), "unknown exceptions have a family: the 500");
        JavalinTest.test(app, (server, client) -> {
            HttpClient http = HttpClient.newHttpClient();
            List<String> served = new ArrayList<>();
            List<String> rendered = new ArrayList<>();
            for (int i = 0; i < thrown.size(); i++) {
                HttpResponse<String> response = http.send(HttpRequest.newBuilder(URI.create(client.getOrigin() + "/e/" + i))
                        .timeout(Duration.ofSeconds(20)).build(), HttpResponse.BodyHandlers.ofString());
                served.add(response.statusCode() + " " + response.body());
                rendered.add(answer(thrown.get(i), "/e/" + i));
            }
            assertEquals(rendered, served);
        });
    }

    private static Map<String, Object> tree(Exception error, String path) {
        return plain(ERRORS.tree(ERRORS.render(error, path).body()));
    }
}
