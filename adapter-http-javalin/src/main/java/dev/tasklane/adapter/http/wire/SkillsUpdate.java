package dev.tasklane.adapter.http.wire;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

/** {@code skills_update_required}: the client's skills are older than the server's (docs/api.md, "Task renders"). */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record SkillsUpdate(String currentVersion, String yourVersion, String action, String reason) {
}
