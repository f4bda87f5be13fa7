package dev.tasklane.adapter.http.wire;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

import java.util.Map;

/**
 * The body of {@code POST /api/tasks/claim} (docs/api.md, "Claiming"): the task to claim (none for the next one),
 * who claims it, the before_doing hook's result, and the token of a claim being taken over.
 *
 * @param identifier        the task's identifier (W12); absent or empty claims the next task
 * @param agentName         the claiming agent's name; absent is "Unknown"
 * @param skillsVersion     the client's skills version, answered with {@code skills_update_required} when older
 * @param beforeDoingResult the before_doing hook's result: {@code {exit_code, output, duration_ms}}
 * @param claimToken        the token of the caller's own claim, to claim it again
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record ClaimBody(String identifier, String agentName, String skillsVersion,
                        Map<String, Object> beforeDoingResult, String claimToken) {
}
