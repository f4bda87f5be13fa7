package dev.tasklane.adapter.http;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The root of task responses: {@code data} plus {@code current_skills_version} where clients look for it
 * (docs/api.md, "Task renders").
 */
final class Envelope {
    static final String SKILLS_VERSION = "1.0";

    private final Map<String, Object> root = new LinkedHashMap<>();

    private Envelope(Object data) {
        root.put("data", data);
    }

    static Envelope data(Object data) {
        return new Envelope(data);
    }

    Envelope put(String key, Object value) {
        root.put(key, value);
        return this;
    }

    Envelope skills() {
        root.put("current_skills_version", SKILLS_VERSION);
        return this;
    }

    /** Adds {@code skills_update_required} when the client sent a non-empty skills_version other than 1.0. */
    Envelope skillsCheck(String clientVersion) {
        if (clientVersion != null && !clientVersion.isEmpty() && !SKILLS_VERSION.equals(clientVersion)) {
            Map<String, Object> update = new LinkedHashMap<>();
            update.put("current_version", SKILLS_VERSION);
            update.put("your_version", clientVersion);
            update.put("action", "Run /plugin update stride to get the latest skills");
            update.put("reason", "Your local skills are outdated.");
            root.put("skills_update_required", update);
        }
        return this;
    }

    Map<String, Object> build() {
        return root;
    }
}
