package dev.tasklane.adapter.http.error;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tasklane.application.port.in.BatchRejectedException;
import dev.tasklane.application.port.in.StoreUnavailableException;
import dev.tasklane.application.port.in.UnauthenticatedException;
import dev.tasklane.domain.error.ConflictException;
import dev.tasklane.domain.error.ForbiddenException;
import dev.tasklane.domain.error.NotFoundException;
import dev.tasklane.domain.error.TasklaneException;
import dev.tasklane.domain.hook.HookProofRejectedException;
import dev.tasklane.domain.validation.CompletionRejectedException;
import dev.tasklane.domain.validation.FieldErrors;
import dev.tasklane.domain.validation.TaskFieldsRejectedException;
import dev.tasklane.domain.validation.TaskUpdateRejectedException;
import io.javalin.config.JavalinConfig;
import io.javalin.http.Context;
import io.javalin.http.HttpResponseException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;

/**
 * One handler per error family (docs/api.md, "Errors"), registered with Javalin in one place: the edge's own
 * refusals, Javalin's routing errors, each family of the domain's and the application's errors, and a logged 500
 * for anything unexpected. Each family maps its exception to a status and an {@link ErrorBody}. An exception goes to
 * the family of its own class or, failing that, of its nearest superclass, as Javalin chooses a handler; the
 * in-process callers ({@link #render}) choose the same way.
 */
public final class ErrorHandlers {
    private static final Logger LOG = LoggerFactory.getLogger(ErrorHandlers.class);

    private final ObjectMapper mapper;
    private final ObjectWriter writer;
    private final long maxBodyBytes;
    private final long retryAfterSeconds;
    private final Map<Class<?>, Family<?>> families = new LinkedHashMap<>();

    /**
     * @param mapper the API's JSON mapper, which writes the bodies
     * @param maxBodyBytes the request body cap that a 413 names
     * @param unavailableRetryAfter the {@code Retry-After} of a 503 while the store is unreachable
     */
    public ErrorHandlers(ObjectMapper mapper, long maxBodyBytes, Duration unavailableRetryAfter) {
        this.mapper = mapper;
        this.writer = mapper.writerFor(ErrorBody.class);
        this.maxBodyBytes = maxBodyBytes;
        this.retryAfterSeconds = unavailableRetryAfter.toSeconds();
        family(RequestRefused.class, (refused, path) -> new Rendered(refused.status(), refused.body(), refused.headers()));
        family(HttpResponseException.class, (routing, path) -> routing(routing));
        family(StoreUnavailableException.class, (unavailable, path) -> unavailable(unavailable));
        family(UnauthenticatedException.class, (refused, path) -> new Rendered(401, ErrorBody.of(refused.getMessage())));
        family(HookProofRejectedException.class, (hook, path) -> new Rendered(422, hook(hook)));
        family(TaskFieldsRejectedException.class, (fields, path) -> new Rendered(422, changeset(fields.errors())));
        family(TaskUpdateRejectedException.class, (update, path) -> new Rendered(422, update(update)));
        family(ShowFieldsRejectedException.class, (fields, path) -> new Rendered(422, showFields(fields)));
        family(CompletionRejectedException.class, (completion, path) -> new Rendered(422, completion(completion, path)));
        family(BatchRejectedException.class, (batch, path) -> new Rendered(422, batch(batch)));
        family(NotFoundException.class, (missing, path) -> refusal(404, missing));
        family(ConflictException.class, (conflict, path) -> refusal(409, conflict));
        family(ForbiddenException.class, (forbidden, path) -> refusal(403, forbidden));
        family(TasklaneException.class, (refused, path) -> refusal(422, refused));
        family(Exception.class, this::unexpected);
    }

    /** What an error is answered: the status, the body and the headers. */
    public record Rendered(int status, ErrorBody body, Map<String, String> headers) {
        public Rendered {
            headers = Map.copyOf(headers);
        }

        public Rendered(int status, ErrorBody body) {
            this(status, body, Map.of());
        }
    }

    /** One error family: the exceptions it handles and how it answers them. */
    private record Family<E extends Exception>(Class<E> type, BiFunction<E, String, Rendered> answer) {
        Rendered render(Exception error, String path) {
            return answer.apply(type.cast(error), path);
        }
    }

    private <E extends Exception> void family(Class<E> type, BiFunction<E, String, Rendered> answer) {
        families.put(type, new Family<>(type, answer));
    }

    /** Registers every family's handler with Javalin. */
    public void register(JavalinConfig config) {
        for (Family<?> family : families.values()) {
            register(config, family);
        }
    }

    private <E extends Exception> void register(JavalinConfig config, Family<E> family) {
        config.routes.exception(family.type(), (error, ctx) -> write(family.render(error, ctx.path()), ctx));
    }

    /** The exception types with a handler of their own, in registration order. */
    public List<Class<?>> families() {
        return List.copyOf(families.keySet());
    }

    /** The answer to {@code error} on {@code path}, from the same family Javalin would hand it to. */
    public Rendered render(Exception error, String path) {
        for (Class<?> type = error.getClass(); type != null; type = type.getSuperclass()) {
            Family<?> family = families.get(type);
            if (family != null) {
                return family.render(error, path);
            }
        }
        throw new IllegalStateException("Exception has a family; " + error.getClass() + " found none");
    }

    /** Writes {@code rendered} as the answer of {@code ctx}. */
    public void write(Rendered rendered, Context ctx) {
        rendered.headers().forEach(ctx::header);
        ctx.status(rendered.status()).contentType("application/json").result(json(rendered.body()));
    }

    /** {@code body} as JSON text. */
    public String json(ErrorBody body) {
        try {
            return writer.writeValueAsString(body);
        } catch (JsonProcessingException unwritable) {
            throw new IllegalStateException("error body not serializable", unwritable);
        }
    }

    /** {@code body} as a Jackson tree, its keys in wire order. */
    public ObjectNode tree(ErrorBody body) {
        return mapper.valueToTree(body);
    }

    /** 503 with {@code Retry-After}: the store cannot be reached; nothing the caller sent was wrong. */
    public Rendered unavailable(StoreUnavailableException error) {
        LOG.warn("Store unavailable: {}", error.getMessage());
        return new Rendered(503, ErrorBody.builder().error(error.getMessage()).code(error.code())
                .retryAfterSeconds(retryAfterSeconds).build(),
                Map.of("Retry-After", Long.toString(retryAfterSeconds)));
    }

    private Rendered unexpected(Exception error, String path) {
        LOG.error("Unhandled error on {}", path, error);
        return new Rendered(500, ErrorBody.builder().error("internal_server_error")
                .message("The server failed to process the request. Please retry; if the failure persists, contact support.")
                .errors(new ErrorBody.Detail("Internal Server Error")).build());
    }

    private Rendered routing(HttpResponseException routing) {
        int status = routing.getStatus();
        return switch (status) {
            case 404 -> new Rendered(404, ErrorBody.builder().errors(new ErrorBody.Detail("Not Found")).build());
            case 405 -> new Rendered(405, RequestRefused.methodNotAllowed().body());
            case 413 -> new Rendered(413, RequestRefused.tooLarge(maxBodyBytes).body());
            case 400 -> new Rendered(400, RequestRefused.badRequest(String.valueOf(routing.getMessage())).body());
            default -> new Rendered(status, ErrorBody.builder()
                    .errors(new ErrorBody.Detail(String.valueOf(routing.getMessage()))).build());
        };
    }

    private static ErrorBody hook(HookProofRejectedException hook) {
        return ErrorBody.builder().error(hook.getMessage()).hook(hook.hook().code())
                .requiredFormat(RequiredFormats.hook(hook.hook().code()))
                .guidance(ErrorGuidance.forCode(hook.code())).build();
    }

    private static ErrorBody update(TaskUpdateRejectedException update) {
        return ErrorBody.builder().error(TaskUpdateRejectedException.MESSAGE)
                .failures(update.failures().stream().map(DomainErrors::failure).toList())
                .guidance(ErrorGuidance.forCode(update.code())).build();
    }

    private static ErrorBody showFields(ShowFieldsRejectedException fields) {
        List<ErrorBody.FieldMessage> problems = new ArrayList<>();
        for (ShowFieldsRejectedException.Problem problem : fields.problems()) {
            problems.add(new ErrorBody.FieldMessage(problem.name(),
                    problem.notAllowed() ? problem.message() + " for GET /api/tasks/:id" : problem.message()));
        }
        return ErrorBody.builder().error(ShowFieldsRejectedException.MESSAGE)
                .failures(List.of(new ErrorBody.Failure("fields", problems)))
                .guidance(ErrorGuidance.forCode(fields.code())).code(fields.code()).build();
    }

    private static ErrorBody completion(CompletionRejectedException completion, String path) {
        if (completion.family() == CompletionRejectedException.Family.CHANGESET) {
            return changeset(completion.toFieldErrors());
        }
        return ErrorBody.builder().error(CompletionRejectedException.MESSAGE).status(422)
                .failures(completion.failures().stream().map(DomainErrors::failure).toList())
                .requiredFormat(path.endsWith("/changed_files") ? RequiredFormats.CHANGED_FILES_BODY
                        : RequiredFormats.COMPLETION)
                .guidance(ErrorGuidance.forCode(completion.code())).build();
    }

    private static ErrorBody batch(BatchRejectedException batch) {
        return ErrorBody.builder().error(batch.getMessage()).index(batch.index())
                .details(DomainErrors.fieldErrors(batch.fieldErrors())).build();
    }

    /** The families without a body of their own: the message and next step, the code and guidance, the details. */
    private static Rendered refusal(int status, TasklaneException error) {
        ErrorBody.Builder body = ErrorBody.builder().error(NextSteps.message(error));
        if (status != 404) {
            body.guidance(ErrorGuidance.forCode(error.code())).code(error.code());
        }
        return new Rendered(status, body.details(DomainErrors.details(error.details())).build());
    }

    /** The changeset family: {@code {"errors": {field: [msgs]}, "documentation": ...}}. */
    public static ErrorBody changeset(FieldErrors errors) {
        return ErrorBody.builder().errors(DomainErrors.fieldErrors(errors))
                .guidance(ErrorBody.Guidance.documentation(ErrorGuidance.TASK_WRITING)).build();
    }
}
