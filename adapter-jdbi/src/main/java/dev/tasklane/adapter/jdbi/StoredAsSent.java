package dev.tasklane.adapter.jdbi;

import com.fasterxml.jackson.annotation.JsonAutoDetect;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.Module;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import com.fasterxml.jackson.databind.util.NameTransformer;
import dev.tasklane.domain.task.ChangedFile;
import dev.tasklane.domain.task.ReviewerResult;
import dev.tasklane.domain.task.UnknownKeys;
import dev.tasklane.domain.task.Verbatim;
import dev.tasklane.domain.task.WorkflowStep;

import java.io.IOException;

/**
 * How the store writes the parts of a task that keep what an agent sent (docs/api.md, "Completion validation" and
 * "Changed files"): the domain's records are stored as JSON objects with snake_case keys, the components they hold
 * as null left out, and then the keys no rule names, each value exactly as it was sent. The domain's records carry
 * no Jackson annotation; the mix-ins here say how they are stored, so that a stored document keeps the form rows
 * have always had ({@code CompletionDocumentsTest}, {@code ChangedFileDocumentsTest}).
 */
final class StoredAsSent {
    private StoredAsSent() {
    }

    static Module module() {
        SimpleModule module = new SimpleModule("tasklane-stored-as-sent");
        module.addSerializer(Verbatim.class, new StdSerializer<>(Verbatim.class) {
            @Override
            public void serialize(Verbatim value, JsonGenerator gen, SerializerProvider provider) throws IOException {
                gen.writeRawValue(value.text());
            }
        });
        module.addSerializer(UnknownKeys.class, new KeysInPlace());
        for (Class<?> stored : new Class<?>[] {WorkflowStep.class, ChangedFile.class, ReviewerResult.IssueCounts.class,
                ReviewerResult.Issue.class, ReviewerResult.CriterionCheck.class, ReviewerResult.SectionVerdict.class,
                ReviewerResult.Consideration.class, ReviewerResult.TestMatrix.class, ReviewerResult.MatrixRow.class}) {
            module.setMixInAnnotation(stored, Document.class);
        }
        return module;
    }

    /** A stored record: its components (no derived {@code isX()} value), then its unknown keys in its place. */
    @JsonAutoDetect(isGetterVisibility = JsonAutoDetect.Visibility.NONE)
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    @JsonInclude(JsonInclude.Include.NON_NULL)
    abstract static class Document {
        @JsonUnwrapped
        abstract UnknownKeys unknownKeys();
    }

    /**
     * The unknown keys of a record, written only in the record that holds them (unwrapped): each key and its
     * value as sent.
     */
    private static final class KeysInPlace extends StdSerializer<UnknownKeys> {
        KeysInPlace() {
            super(UnknownKeys.class);
        }

        @Override
        public void serialize(UnknownKeys keys, JsonGenerator gen, SerializerProvider provider) throws IOException {
            for (var key : keys.values().entrySet()) {
                gen.writeFieldName(key.getKey());
                gen.writeRawValue(key.getValue().text());
            }
        }

        @Override
        public boolean isUnwrappingSerializer() {
            return true;
        }

        @Override
        public JsonSerializer<UnknownKeys> unwrappingSerializer(NameTransformer names) {
            return this;
        }

        @Override
        public boolean isEmpty(SerializerProvider provider, UnknownKeys keys) {
            return keys == null || keys.isEmpty();
        }
    }
}
