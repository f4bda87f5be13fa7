package dev.tasklane.adapter.http.wire.completion;

import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.tasklane.domain.task.ChangedFile;
import dev.tasklane.domain.task.UnknownKeys;
import dev.tasklane.domain.task.Verbatim;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One entry of a changed_files snapshot on the wire (docs/api.md, "Changed files"), bound by Jackson: its path and
 * diff as sent (null when not sent), and every other key as sent, in the order sent. Binding never refuses; which
 * values the rules refuse is the domain's to say ({@code ChangedFilesRules}), after the access checks.
 */
public record ChangedFileBody(JsonNode path, JsonNode diff, @JsonAnySetter Map<String, JsonNode> others) {
    private static final ObjectMapper BINDER = JsonMapper.builder().build();

    public ChangedFileBody {
        others = others == null ? new LinkedHashMap<>() : others;
    }

    /** The entry of a decoded JSON object. */
    public static ChangedFileBody of(Map<?, ?> entry) {
        return BINDER.convertValue(entry, ChangedFileBody.class);
    }

    /** The entry of a JSON object node. */
    public static ChangedFileBody of(JsonNode entry) {
        return BINDER.convertValue(entry, ChangedFileBody.class);
    }

    /** Whether a diff was sent that is not a string (a JSON null is no diff). */
    public boolean diffIsNotAString() {
        return diff != null && !diff.isNull() && !diff.isTextual();
    }

    /** The domain's file: the path and diff where they are strings, the other keys kept {@link Verbatim}. */
    public ChangedFile file() {
        Map<String, Verbatim> unknown = new LinkedHashMap<>();
        others.forEach((key, value) -> unknown.put(key, new Verbatim(String.valueOf(value))));
        return new ChangedFile(text(path), text(diff), new UnknownKeys(unknown));
    }

    private static String text(JsonNode value) {
        return value != null && value.isTextual() ? value.textValue() : null;
    }
}
