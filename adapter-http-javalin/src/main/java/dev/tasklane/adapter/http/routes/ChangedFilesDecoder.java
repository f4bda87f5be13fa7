package dev.tasklane.adapter.http.routes;

import dev.tasklane.adapter.http.error.RequestRefused;
import dev.tasklane.adapter.http.pipeline.Json;
import dev.tasklane.domain.validation.CompletionRejectedException;
import dev.tasklane.domain.validation.Failure;
import dev.tasklane.domain.validation.FieldError;
import dev.tasklane.domain.validation.Limit;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;

/**
 * Unwraps the transport envelope of {@code PUT /api/tasks/:id/changed_files} (docs/api.md, "Changed files"):
 * {@code {"encoding": "base64" | "gzip+base64", "data": "..."}} holding the UTF-8 JSON array. Anything that is
 * not an envelope passes through untouched; validating the entries is the use case's job.
 */
final class ChangedFilesDecoder {
    static final int MAX_ENCODED_BYTES = 10_000_000;
    /** The decoded payload (the JSON array) of one request: {@link Limit#CHANGED_FILES_BYTES}. */
    static final int MAX_DECODED_BYTES = Limit.CHANGED_FILES_BYTES.max();

    private static final String DECODED_TOO_LARGE = "decoded payload exceeds the maximum allowed size ("
            + MAX_DECODED_BYTES + " bytes, cap CHANGED_FILES_BYTES)";

    private final Json json;

    ChangedFilesDecoder(Json json) {
        this.json = json;
    }

    Object decode(Object value) {
        if (!(value instanceof Map<?, ?> map) || !(map.get("encoding") instanceof String encoding)
                || !(map.get("data") instanceof String data)) {
            return value;
        }
        if (!encoding.equals("base64") && !encoding.equals("gzip+base64")) {
            throw refuse("unsupported changed_files encoding (use base64 or gzip+base64)");
        }
        if (data.length() > MAX_ENCODED_BYTES) {
            throw refuse("encoded data exceeds the maximum allowed size");
        }
        byte[] raw;
        try {
            if (data.length() % 4 != 0) {
                throw new IllegalArgumentException("padding");
            }
            raw = Base64.getDecoder().decode(data);
        } catch (IllegalArgumentException notBase64) {
            throw refuse("data is not valid base64");
        }
        byte[] decoded = encoding.equals("gzip+base64") ? gunzip(raw) : raw;
        if (decoded.length > MAX_DECODED_BYTES) {
            throw refuse(DECODED_TOO_LARGE);
        }
        Object parsed;
        try {
            parsed = json.parseDocument(decoded, "The decoded changed_files payload");
        } catch (RequestRefused notJson) {
            throw refuse("decoded payload is not valid JSON");
        }
        if (!(parsed instanceof List<?>)) {
            throw refuse("decoded payload is not a JSON array");
        }
        return parsed;
    }

    private static byte[] gunzip(byte[] raw) {
        try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(raw))) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            byte[] buffer = new byte[8192];
            int read;
            while ((read = in.read(buffer)) != -1) {
                out.write(buffer, 0, read);
                if (out.size() > MAX_DECODED_BYTES) {
                    throw refuse(DECODED_TOO_LARGE);
                }
            }
            return out.toByteArray();
        } catch (IOException corrupt) {
            throw refuse("data is not valid gzip");
        }
    }

    private static CompletionRejectedException refuse(String message) {
        return new CompletionRejectedException(CompletionRejectedException.Family.FAILURES,
                List.of(new Failure("changed_files", List.of(new FieldError("changed_files", message)))));
    }
}
