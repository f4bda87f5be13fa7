package dev.tasklane.adapter.http.pipeline;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.id.TaskId;
import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.task.TaskIdentifier;

import java.io.IOException;
import java.util.function.ToLongFunction;

/**
 * The JSON edge of the value ids (docs/architecture.md, "Value ids"): a {@link TaskId}, {@link UserId} or
 * {@link BoardId} is written as the bare number it wraps, exactly as the ids were written before they were typed,
 * wherever an answer holds one; a {@link TaskIdentifier} is written as its text ("W12"). Installed once on the one
 * mapper of {@link Json}.
 */
final class ValueIdsJson {
    private ValueIdsJson() {
    }

    static SimpleModule module() {
        return new SimpleModule("tasklane-value-ids")
                .addSerializer(TaskId.class, asNumber(TaskId.class, TaskId::value))
                .addSerializer(UserId.class, asNumber(UserId.class, UserId::value))
                .addSerializer(BoardId.class, asNumber(BoardId.class, BoardId::value))
                .addSerializer(TaskIdentifier.class, new StdSerializer<>(TaskIdentifier.class) {
                    @Override
                    public void serialize(TaskIdentifier identifier, JsonGenerator generator, SerializerProvider provider)
                            throws IOException {
                        generator.writeString(identifier.toString());
                    }
                });
    }

    private static <T> StdSerializer<T> asNumber(Class<T> type, ToLongFunction<T> value) {
        return new StdSerializer<>(type) {
            @Override
            public void serialize(T id, JsonGenerator generator, SerializerProvider provider) throws IOException {
                generator.writeNumber(value.applyAsLong(id));
            }
        };
    }
}
