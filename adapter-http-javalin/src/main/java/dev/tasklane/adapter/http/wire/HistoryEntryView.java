package dev.tasklane.adapter.http.wire;

import dev.tasklane.adapter.http.wire.TaskAnswer.WireTime;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import dev.tasklane.edge.DocumentKeys;
import dev.tasklane.domain.history.HistoryEntry;
import dev.tasklane.domain.history.HistoryFacts;
import dev.tasklane.domain.id.TaskId;
import dev.tasklane.domain.id.UserId;

import java.io.IOException;

/**
 * One entry of {@code GET /api/tasks/:id/history}. {@code facts} is an object whose keys depend on the kind: the keys
 * of each shape of {@link HistoryFacts} are the edge's ({@link DocumentKeys}), written in their documented order.
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record HistoryEntryView(TaskId taskId, String kind, String at, UserId actorUserId, String agentName,
                               @JsonSerialize(using = FactsWriter.class) HistoryFacts facts) {
    public static HistoryEntryView of(HistoryEntry entry) {
        return new HistoryEntryView(entry.taskId(), entry.kind().eventName(), WireTime.utc(entry.at()),
                entry.actorUserId(), entry.agentName(), entry.facts());
    }

    /** Writes a shape's values under the keys the edge gives them ({@link DocumentKeys}), in their order. */
    static final class FactsWriter extends StdSerializer<HistoryFacts> {
        private static final long serialVersionUID = 1L;

        FactsWriter() {
            super(HistoryFacts.class);
        }

        @Override
        public void serialize(HistoryFacts facts, JsonGenerator out, SerializerProvider provider) throws IOException {
            provider.defaultSerializeValue(DocumentKeys.historyFacts(facts), out);
        }
    }
}
