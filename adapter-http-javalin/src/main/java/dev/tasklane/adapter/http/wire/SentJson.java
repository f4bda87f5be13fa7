package dev.tasklane.adapter.http.wire;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import dev.tasklane.domain.task.TextOrList;

import java.io.IOException;

/** Writes a value sent as one string or an array of strings in the form it was sent; the objects kept as sent are written by {@code KeptAsSent}, the module the mapper registers. */
final class SentJson {
    private SentJson() {
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
