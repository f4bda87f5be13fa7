package dev.tasklane.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * A file of tasks for {@code create}: JSON, or YAML when it ends in {@code .yaml}/{@code .yml}. What it holds decides
 * the call: a list, or an object with {@code goals}, is a batch of goals ({@code POST /api/tasks/batch}); an object
 * with {@code task}, or a bare task object (a goal with nested {@code tasks} included), is one creation.
 */
record TaskFile(JsonNode content, boolean batch) {

    static TaskFile read(Path file) {
        String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
        ObjectMapper mapper = name.endsWith(".yaml") || name.endsWith(".yml") ? new YAMLMapper() : new ObjectMapper();
        JsonNode root;
        try {
            root = mapper.readTree(file.toFile());
        } catch (IOException unreadable) {
            throw new UsageException("Cannot read " + file + ": " + unreadable.getMessage());
        }
        if (root == null || !(root.isArray() || root.isObject())) {
            throw new UsageException(file + " holds neither a task object nor a list of goals");
        }
        if (root.isArray()) {
            return new TaskFile(root, true);
        }
        if (root.has("goals")) {
            return new TaskFile(root.get("goals"), true);
        }
        return new TaskFile(root.has("task") ? root.get("task") : root, false);
    }
}
