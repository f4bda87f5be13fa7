package dev.tasklane.adapter.http.wire;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import dev.tasklane.domain.history.HistoryEntry;
import dev.tasklane.domain.history.HistoryFacts;
import dev.tasklane.domain.id.TaskId;
import dev.tasklane.domain.id.UserId;

import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * One entry of {@code GET /api/tasks/:id/history}. {@code facts} is an object whose keys depend on the kind: each
 * shape of {@link HistoryFacts} names its values, and they are written under those names, in that order.
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record HistoryEntryView(TaskId taskId, String kind, String at, UserId actorUserId, String agentName,
                               @JsonSerialize(using = FactsWriter.class) HistoryFacts facts) {
    public static HistoryEntryView of(HistoryEntry entry) {
        return new HistoryEntryView(entry.taskId(), entry.kind().eventName(), WireTime.utc(entry.at()),
                entry.actorUserId(), entry.agentName(), entry.facts());
    }

    /** Writes a shape's named values straight onto the answer. */
    static final class FactsWriter extends StdSerializer<HistoryFacts> {
        private static final long serialVersionUID = 1L;

        FactsWriter() {
            super(HistoryFacts.class);
        }

        @Override
        public void serialize(HistoryFacts facts, JsonGenerator out, SerializerProvider provider) throws IOException {
            out.writeStartObject();
            try {
                facts.name(new HistoryFacts.Names() {
                    @Override
                    public void text(String name, String value) {
                        write(() -> out.writeStringField(name, value));
                    }

                    @Override
                    public void number(String name, Long value) {
                        write(() -> {
                            if (value == null) {
                                out.writeNullField(name);
                            } else {
                                out.writeNumberField(name, value);
                            }
                        });
                    }

                    @Override
                    public void flag(String name) {
                        write(() -> out.writeBooleanField(name, true));
                    }
                });
            } catch (UncheckedIOException failed) {
                throw failed.getCause();
            }
            out.writeEndObject();
        }

        private interface Write {
            void run() throws IOException;
        }

        private static void write(Write write) {
            try {
                write.run();
            } catch (IOException failed) {
                throw new UncheckedIOException(failed);
            }
        }
    }
}
