package dev.tasklane.adapter.http.wire;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import dev.tasklane.domain.task.Verbatim;
import dev.tasklane.domain.task.UnknownKeys;
import dev.tasklane.domain.task.TextOrList;

import java.io.IOException;
import java.util.Map;

/** Writers of values that the wire echoes in the form they were sent. */
final class SentJson {
    private SentJson() {
    }

    /** An object stored as sent ({@code technical_details}): each value written as the JSON text it was received as. */
    static final class RawObject extends StdSerializer<UnknownKeys> {
        private static final long serialVersionUID = 1L;

        RawObject() {
            super(UnknownKeys.class);
        }

        @Override
        public void serialize(UnknownKeys keys, JsonGenerator out, SerializerProvider provider) throws IOException {
            out.writeStartObject();
            for (Map.Entry<String, Verbatim> entry : keys.values().entrySet()) {
                out.writeFieldName(entry.getKey());
                out.writeRawValue(entry.getValue().text());
            }
            out.writeEndObject();
        }
    }

    /** A value sent as one string or as an array of strings, written in the form it was sent. */
    static final class Text extends StdSerializer<TextOrList> {
        private static final long serialVersionUID = 1L;

        Text() {
            super(TextOrList.class);
        }

        @Override
        public void serialize(TextOrList value, JsonGenerator out, SerializerProvider provider) throws IOException {
            if (value instanceof TextOrList.Text text) {
                out.writeString(text.value());
                return;
            }
            out.writeStartArray();
            for (String line : value.lines()) {
                out.writeString(line);
            }
            out.writeEndArray();
        }
    }
}
