package dev.tasklane.adapter.http.error;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.annotation.JsonValue;

import java.util.List;
import java.util.Map;

/**
 * The body of every error answer of the HTTP API (docs/api.md, "Errors"), serialised by Jackson. One record covers
 * every family: a family fills the keys it answers with and leaves the others null, which are not written. Keys are
 * snake_case ({@code @JsonProperty} where the component's name differs) and written in the order of {@link #KEYS},
 * which is the order of the components.
 *
 * <p>Schema generators (the OpenAPI document) read this record, its nested {@link Errors}, {@link Failure},
 * {@link FieldMessage} and the permitted records of {@link Details}; {@link #KEYS} lists the wire keys in order,
 * {@link #alternatives()} the shapes of the polymorphic keys and {@link #sample()} is a typical body.
 *
 * @param error what went wrong, in a sentence; absent from the changeset family and Javalin's routing errors
 * @param status the status repeated in the body (the failures family of completion)
 * @param hook the hook whose result was refused
 * @param index the position of the refused goal in a batch
 * @param message the generic message of an unexpected failure
 * @param detail more about a refusal of the edge (unreadable body, body too large, shutdown, stream limit)
 * @param limit the cap that was reached (event streams per token)
 * @param example a request body of the right shape (wrong root key)
 * @param errors the changeset family's errors by field, or Phoenix's {@code {"detail": ...}}
 * @param failures the failures family: each field and its inner errors, in check order
 * @param requiredFormat example values of the refused fields (hook result, completion)
 * @param documentation where the error is explained
 * @param relatedDocs further reading
 * @param gettingStarted where to start reading
 * @param commonCauses what usually causes this error
 * @param correctFormat the correct format, or where to find it
 * @param code the stable machine-readable reason
 * @param details the facts an agent needs to act (which task holds which file, ...)
 * @param retryAfterSeconds when to retry (503), as the {@code Retry-After} header says
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"error", "status", "hook", "index", "message", "detail", "limit", "example", "errors",
        "failures", "required_format", "documentation", "related_docs", "getting_started", "common_causes",
        "correct_format", "code", "details", "retry_after_seconds"})
public record ErrorBody(String error, Integer status, String hook, Integer index, String message, String detail,
                        Integer limit, Object example, Errors errors, List<Failure> failures,
                        @JsonProperty("required_format") Object requiredFormat, String documentation,
                        @JsonProperty("related_docs") List<String> relatedDocs,
                        @JsonProperty("getting_started") String gettingStarted,
                        @JsonProperty("common_causes") List<String> commonCauses,
                        @JsonProperty("correct_format") Object correctFormat, String code, Details details,
                        @JsonProperty("retry_after_seconds") Long retryAfterSeconds) {

    /** The wire keys in the order they are written. */
    public static final List<String> KEYS = List.of("error", "status", "hook", "index", "message", "detail", "limit",
            "example", "errors", "failures", "required_format", "documentation", "related_docs", "getting_started",
            "common_causes", "correct_format", "code", "details", "retry_after_seconds");

    public ErrorBody {
        failures = failures == null ? null : List.copyOf(failures);
        relatedDocs = relatedDocs == null ? null : List.copyOf(relatedDocs);
        commonCauses = commonCauses == null ? null : List.copyOf(commonCauses);
    }

    /** A body of one key: {@code {"error": message}}. */
    public static ErrorBody of(String error) {
        return builder().error(error).build();
    }

    /** A typical body: a refusal with its code, documentation and details. */
    public static ErrorBody sample() {
        return builder().error("Task 'W7' is blocked by unfinished dependencies: W3.")
                .guidance(ErrorGuidance.forCode("task_not_claimable")).code("task_not_claimable")
                .details(new Details.BlockedBy(List.of("W3"))).build();
    }

    /**
     * The shapes of the polymorphic keys, for a schema generator's {@code oneOf}: {@code errors} is one of
     * {@link Detail} and {@link ByField} (an object of arrays, written through {@code @JsonValue}); {@code details} is
     * one of the records of {@link Details}, {@code ByField} included.
     */
    public static Map<String, List<Class<?>>> alternatives() {
        return Map.of("errors", List.of(Errors.class.getPermittedSubclasses()),
                "details", List.of(Details.class.getPermittedSubclasses()));
    }

    public static Builder builder() {
        return new Builder();
    }

    /** A copy of this body as a builder, to add keys. */
    public Builder toBuilder() {
        Builder builder = new Builder();
        builder.error = error;
        builder.status = status;
        builder.hook = hook;
        builder.index = index;
        builder.message = message;
        builder.detail = detail;
        builder.limit = limit;
        builder.example = example;
        builder.errors = errors;
        builder.failures = failures;
        builder.requiredFormat = requiredFormat;
        builder.guidance = new Guidance(documentation, relatedDocs, gettingStarted, commonCauses,
                correctFormat);
        builder.code = code;
        builder.details = details;
        builder.retryAfterSeconds = retryAfterSeconds;
        return builder;
    }

    /**
     * The documentation keys of a body, in Stride's names and order; null keys are not written.
     *
     * @param documentation where the error is explained
     * @param relatedDocs further reading
     * @param gettingStarted where to start reading
     * @param commonCauses what usually causes this error
     * @param correctFormat the correct format (an example value), or where to find it
     */
    public record Guidance(String documentation, List<String> relatedDocs, String gettingStarted,
                           List<String> commonCauses, Object correctFormat) {
        /** No documentation keys. */
        public static final Guidance NONE = new Guidance(null, null, null, null, null);

        /** Only {@code documentation}. */
        public static Guidance documentation(String link) {
            return new Guidance(link, null, null, null, null);
        }
    }

    /** The {@code errors} key: a changeset tree by field, or Phoenix's single {@code detail}. */
    public sealed interface Errors permits Detail, ByField {
    }

    /** {@code {"detail": "Not Found"}}: Phoenix's error view for routing and unreadable bodies. */
    public record Detail(String detail) implements Errors {
    }

    /**
     * The changeset family's tree: {@code {field: [message | [row, ...]]}}, where a row is itself a {@code ByField};
     * a field whose only entry is a list of rows is that list directly. Fields keep the order they were found in.
     *
     * @param fields each field's entries: strings, lists of rows, or (for a row list alone) rows
     */
    public record ByField(@JsonValue Map<String, List<?>> fields) implements Errors, Details {
        public ByField {
            fields = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(fields));
        }

        /** One field and the one reason it is wrong. */
        public static ByField of(String field, String reason) {
            return new ByField(Map.of(field, List.of(reason)));
        }
    }

    /** One entry of the failures family: a top-level field and its inner errors. */
    public record Failure(String field, List<FieldMessage> errors) {
        public Failure {
            errors = List.copyOf(errors);
        }
    }

    /** One inner error of the failures family. */
    public record FieldMessage(String field, String message) {
    }

    /**
     * The {@code details} object: the facts of a refusal, one record per shape, every key written even when null;
     * a refused goal of a batch carries its changeset tree ({@link ByField}) here.
     */
    public sealed interface Details permits ByField, Details.Field, Details.SqlState, Details.CurrentStatus,
            Details.UnclaimableType, Details.BlockedBy, Details.Tasks, Details.WipLimit, Details.KeyFileHeld,
            Details.AssignedElsewhere, Details.MissingCapabilities, Details.ClaimHeld, Details.ChangedTask,
            Details.RetryAfter, Details.Hook, Details.BatchIndex, Details.StopRequested, Details.Cap {

        record Field(String field) implements Details {
        }

        record SqlState(String sqlstate) implements Details {
        }

        record CurrentStatus(String status) implements Details {
        }

        record UnclaimableType(String type) implements Details {
        }

        record BlockedBy(@JsonProperty("blocked_by") List<String> blockedBy) implements Details {
        }

        record Tasks(List<String> tasks) implements Details {
        }

        record WipLimit(@JsonProperty("wip_limit") int wipLimit, @JsonProperty("held_by") List<String> heldBy) implements Details {
        }

        record KeyFileHeld(@JsonProperty("file_path") String filePath, @JsonProperty("held_by") String heldBy,
                           @JsonProperty("held_by_agent") String heldByAgent) implements Details {
        }

        record AssignedElsewhere(@JsonProperty("assigned_to_id") long assignedToId) implements Details {
        }

        record MissingCapabilities(@JsonProperty("missing_capabilities") List<String> missingCapabilities) implements Details {
        }

        record ClaimHeld(String status, @JsonProperty("held_by_agent") String heldByAgent,
                         @JsonProperty("held_by_user_id") Long heldByUserId,
                         @JsonProperty("claim_expires_at") String claimExpiresAt) implements Details {
        }

        record ChangedTask(@JsonProperty("task_id") long taskId) implements Details {
        }

        record RetryAfter(@JsonProperty("retry_after") long retryAfter) implements Details {
        }

        record Hook(String hook) implements Details {
        }

        record BatchIndex(int index) implements Details {
        }

        /** Who stopped the session ({@code by}: the person's username; {@code by_user_id}), why and when. */
        record StopRequested(String by, @JsonProperty("by_user_id") long byUserId, String reason, String at)
                implements Details {
        }

        /** The cap a request went past, by name, and its value. */
        record Cap(String cap, long max) implements Details {
        }
    }

    /** Builds a body key by key; unset keys are not written. */
    public static final class Builder {
        private String error;
        private Integer status;
        private String hook;
        private Integer index;
        private String message;
        private String detail;
        private Integer limit;
        private Object example;
        private Errors errors;
        private List<Failure> failures;
        private Object requiredFormat;
        private Guidance guidance = Guidance.NONE;
        private String code;
        private Details details;
        private Long retryAfterSeconds;

        private Builder() {
        }

        public Builder error(String value) {
            this.error = value;
            return this;
        }

        public Builder status(int value) {
            this.status = value;
            return this;
        }

        public Builder hook(String value) {
            this.hook = value;
            return this;
        }

        public Builder index(int value) {
            this.index = value;
            return this;
        }

        public Builder message(String value) {
            this.message = value;
            return this;
        }

        public Builder detail(String value) {
            this.detail = value;
            return this;
        }

        public Builder limit(int value) {
            this.limit = value;
            return this;
        }

        public Builder example(Object value) {
            this.example = value;
            return this;
        }

        public Builder errors(Errors value) {
            this.errors = value;
            return this;
        }

        public Builder failures(List<Failure> value) {
            this.failures = value;
            return this;
        }

        public Builder requiredFormat(Object value) {
            this.requiredFormat = value;
            return this;
        }

        /** The documentation keys: documentation, related_docs, getting_started, common_causes, correct_format. */
        public Builder guidance(Guidance value) {
            this.guidance = value;
            return this;
        }

        public Builder code(String value) {
            this.code = value;
            return this;
        }

        public Builder details(Details value) {
            this.details = value;
            return this;
        }

        public Builder retryAfterSeconds(long value) {
            this.retryAfterSeconds = value;
            return this;
        }

        public ErrorBody build() {
            return new ErrorBody(error, status, hook, index, message, detail, limit, example, errors, failures,
                    requiredFormat, guidance.documentation(), guidance.relatedDocs(), guidance.gettingStarted(),
                    guidance.commonCauses(), guidance.correctFormat(), code, details, retryAfterSeconds);
        }
    }
}
