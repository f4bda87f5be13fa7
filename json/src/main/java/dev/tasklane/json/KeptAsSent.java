package dev.tasklane.json;

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
import java.util.List;
import java.util.Map;

/**
 * How the values an agent sent are written, in answers and in stored documents alike: a {@link Verbatim} is the JSON
 * text it holds, written as is; a record's {@link UnknownKeys} are written in its place, after its named keys, each
 * as sent (or as an object of their own where they are not unwrapped); and the domain's completion records (a
 * workflow step, a changed file, the reviewer's counts, issues, criteria, sections, considerations and matrix rows)
 * are written through mix-ins, with snake_case keys and without the ones they hold as null. The domain's records
 * carry no Jackson annotation; this module is the one place that maps them.
 */
public final class KeptAsSent {
    /** The domain records written as their components, snake_case, each with its unknown keys in its place. */
    static final List<Class<?>> SENT_RECORDS = List.of(WorkflowStep.class, ChangedFile.class,
            ReviewerResult.IssueCounts.class, ReviewerResult.Issue.class, ReviewerResult.CriterionCheck.class,
            ReviewerResult.SectionVerdict.class, ReviewerResult.Consideration.class, ReviewerResult.TestMatrix.class,
            ReviewerResult.MatrixRow.class);

    private KeptAsSent() {
    }

    /** The Jackson module to add to a mapper that writes what an agent sent. */
    public static Module module() {
        SimpleModule module = new SimpleModule("tasklane-kept-as-sent");
        module.addSerializer(Verbatim.class, new VerbatimSerializer());
        module.addSerializer(UnknownKeys.class, new UnknownKeysSerializer(false));
        SENT_RECORDS.forEach(type -> module.setMixInAnnotation(type, SentRecord.class));
        return module;
    }

    /** The mix-in of every record in {@link #SENT_RECORDS}: its components only, no derived {@code isX()} value. */
    @JsonAutoDetect(isGetterVisibility = JsonAutoDetect.Visibility.NONE)
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    @JsonInclude(JsonInclude.Include.NON_NULL)
    abstract static class SentRecord {
        @JsonUnwrapped
        abstract UnknownKeys unknownKeys();
    }

    /** One value kept as sent: its JSON text, unchanged. */
    static final class VerbatimSerializer extends StdSerializer<Verbatim> {
        VerbatimSerializer() {
            super(Verbatim.class);
        }

        @Override
        public void serialize(Verbatim value, JsonGenerator gen, SerializerProvider provider) throws IOException {
            gen.writeRawValue(value.text());
        }
    }

    /** The keys no rule names: an object of their own, or, unwrapped, the last keys of the record that holds them. */
    static final class UnknownKeysSerializer extends StdSerializer<UnknownKeys> {
        private final boolean unwrapping;

        UnknownKeysSerializer(boolean unwrapping) {
            super(UnknownKeys.class);
            this.unwrapping = unwrapping;
        }

        @Override
        public void serialize(UnknownKeys value, JsonGenerator gen, SerializerProvider provider) throws IOException {
            if (!unwrapping) {
                gen.writeStartObject();
            }
            for (Map.Entry<String, Verbatim> key : value.values().entrySet()) {
                gen.writeFieldName(key.getKey());
                gen.writeRawValue(key.getValue().text());
            }
            if (!unwrapping) {
                gen.writeEndObject();
            }
        }

        @Override
        public boolean isUnwrappingSerializer() {
            return unwrapping;
        }

        @Override
        public JsonSerializer<UnknownKeys> unwrappingSerializer(NameTransformer names) {
            return new UnknownKeysSerializer(true);
        }

        @Override
        public boolean isEmpty(SerializerProvider provider, UnknownKeys value) {
            return value == null || value.isEmpty();
        }
    }
}
