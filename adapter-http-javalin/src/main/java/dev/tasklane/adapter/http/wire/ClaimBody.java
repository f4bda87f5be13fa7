package dev.tasklane.adapter.http.wire;

import static dev.tasklane.adapter.http.wire.BodyChecks.string;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.tasklane.adapter.http.wire.completion.HookResultBody;
import dev.tasklane.domain.hook.HookName;
import dev.tasklane.domain.hook.HookResult;

/**
 * The body of {@code POST /api/tasks/claim} (docs/api.md, "Claiming"): the task to claim (none for the next one),
 * who claims it, the before_doing hook's result, and the token of a claim being taken over.
 *
 * @param identifier        the task's identifier (W12); absent or empty claims the next task
 * @param agentName         the claiming agent's name; absent is "Unknown"
 * @param skillsVersion     the client's skills version, answered with {@code skills_update_required} when older
 * @param beforeDoingResult the before_doing hook's result as sent: {@code {exit_code, output, duration_ms}}
 * @param claimToken        the token of the caller's own claim, to claim it again
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record ClaimBody(String identifier, String agentName, String skillsVersion, JsonNode beforeDoingResult,
                        String claimToken) {
    /** Stride's order of refusals: identifier, agent_name, skills_version, the proof, claim_token. */
    public static final BodyChecks CHECKS = BodyChecks.of(string("identifier"), string("agent_name"),
            string("skills_version"),
            body -> HookResultBody.proof(HookName.BEFORE_DOING, body.get(HookName.BEFORE_DOING.resultKey())),
            string("claim_token"));

    /** The before_doing proof, typed; null when none was sent (whether it is required is the domain's rule). */
    public HookResult proof() {
        return HookResultBody.proof(HookName.BEFORE_DOING, beforeDoingResult);
    }
}
