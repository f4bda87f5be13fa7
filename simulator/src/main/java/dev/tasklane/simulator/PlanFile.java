package dev.tasklane.simulator;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads a plan from JSON: the body of {@code POST /api/tasks/batch} ({@code {"goals": [...]}}), optionally
 * with {@code "assignments": [{"goal": 3, "agent": 0}, ...]}, which the batch endpoint does not know.
 */
final class PlanFile {
    private static final ObjectMapper JSON = new ObjectMapper();

    private PlanFile() {
    }

    static Plan read(Path file) throws IOException {
        Map<String, Object> root = JSON.readValue(Files.readString(file), new TypeReference<Map<String, Object>>() {
        });
        if (!(root.get(Plan.GOALS) instanceof List<?> goals)) {
            throw new IOException(file + ": a plan is an object with a \"goals\" array, as POST /api/tasks/batch takes it");
        }
        Map<Integer, Integer> assignments = new HashMap<>();
        if (root.get("assignments") instanceof List<?> entries) {
            for (Object entry : entries) {
                if (!(entry instanceof Map<?, ?> pair) || !(pair.get("goal") instanceof Integer goal)
                        || !(pair.get("agent") instanceof Integer agent)) {
                    throw new IOException(file + ": each assignment is {\"goal\": <index>, \"agent\": <number>}");
                }
                assignments.put(goal, agent);
            }
        }
        return new Plan(goalObjects(file, goals), assignments);
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> goalObjects(Path file, List<?> goals) throws IOException {
        for (Object goal : goals) {
            if (!(goal instanceof Map<?, ?>)) {
                throw new IOException(file + ": every entry of \"goals\" is a goal object");
            }
        }
        return (List<Map<String, Object>>) goals;
    }
}
