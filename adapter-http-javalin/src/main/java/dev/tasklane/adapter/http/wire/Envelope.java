package dev.tasklane.adapter.http.wire;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import jakarta.validation.constraints.NotNull;

import java.util.List;

/**
 * The root of most answers: {@code data}, then what a route adds beside it ({@code hook} of a claim, {@code hooks}
 * of a completion, {@code claim_expires_at} of a heartbeat), then {@code current_skills_version} where clients look
 * for it and {@code skills_update_required} when the client's skills are older (docs/api.md, "Task renders"). Keys
 * other than {@code data} are written only when set; {@code data} is never null ({@code @NotNull} tells the OpenAPI
 * document's schema so).
 *
 * @param <T> what {@code data} holds
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Envelope<T>(
        @JsonInclude(JsonInclude.Include.ALWAYS) @NotNull T data,
        HookView hook,
        List<HookView> hooks,
        String claimExpiresAt,
        String currentSkillsVersion,
        SkillsUpdate skillsUpdateRequired) {
    /** The skills version this server's onboarding teaches. */
    public static final String SKILLS_VERSION = "1.0";

    /** {@code {"data": data}}. */
    public static <T> Envelope<T> data(T data) {
        return new Envelope<>(data, null, null, null, null, null);
    }

    public Envelope<T> withHook(HookView value) {
        return new Envelope<>(data, value, hooks, claimExpiresAt, currentSkillsVersion, skillsUpdateRequired);
    }

    public Envelope<T> withHooks(List<HookView> value) {
        return new Envelope<>(data, hook, value, claimExpiresAt, currentSkillsVersion, skillsUpdateRequired);
    }

    public Envelope<T> withClaimExpiresAt(String value) {
        return new Envelope<>(data, hook, hooks, value, currentSkillsVersion, skillsUpdateRequired);
    }

    /** Adds {@code current_skills_version}. */
    public Envelope<T> skills() {
        return new Envelope<>(data, hook, hooks, claimExpiresAt, SKILLS_VERSION, skillsUpdateRequired);
    }

    /** Adds {@code skills_update_required} when the client sent a non-empty skills_version other than the server's. */
    public Envelope<T> skillsCheck(String clientVersion) {
        if (clientVersion == null || clientVersion.isEmpty() || SKILLS_VERSION.equals(clientVersion)) {
            return this;
        }
        return new Envelope<>(data, hook, hooks, claimExpiresAt, currentSkillsVersion, new SkillsUpdate(SKILLS_VERSION,
                clientVersion, "Run /plugin update stride to get the latest skills", "Your local skills are outdated."));
    }
}
