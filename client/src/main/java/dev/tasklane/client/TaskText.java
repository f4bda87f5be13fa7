package dev.tasklane.client;

import com.fasterxml.jackson.databind.JsonNode;

/** The readable (non-JSON) rendering of tasks for the terminal. */
final class TaskText {
    private TaskText() {
    }

    /** "W3 [in_progress] high: Add the login form". */
    static String line(TaskData task) {
        return task.identifier() + " [" + task.status() + "] " + task.priority() + ": " + task.title();
    }

    /** The line, then the fields an agent reads before starting. */
    static String details(TaskData task) {
        StringBuilder text = new StringBuilder(line(task)).append('\n');
        field(text, "type", task.type());
        field(text, "needs review", Boolean.toString(task.needsReview()));
        field(text, "description", task.text("description"));
        field(text, "acceptance criteria", task.text("acceptance_criteria"));
        list(text, "key files", task.json().path("key_files"), "file_path");
        list(text, "verification", task.json().path("verification_steps"), "step_text");
        field(text, "claim expires", task.text("claim_expires_at"));
        field(text, "review", task.reviewStatus().map(status -> status
                + (task.reviewNotes() == null ? "" : ": " + task.reviewNotes())).orElse(null));
        return text.toString();
    }

    private static void field(StringBuilder text, String name, String value) {
        if (value != null && !value.isBlank()) {
            text.append("  ").append(name).append(": ").append(value.strip().replace("\n", "\n    ")).append('\n');
        }
    }

    private static void list(StringBuilder text, String name, JsonNode entries, String key) {
        for (JsonNode entry : entries) {
            field(text, name, entry.path(key).asText());
        }
    }
}
