package dev.tasklane.bootstrap;

/**
 * Who gets in first and who may create boards (docs/configuration.md, "Access settings and their checks").
 *
 * @param bootstrapToken null when none is configured ({@code TASKLANE_BOOTSTRAP_TOKEN}): a one-time admin password
 *                       is printed instead; never printed by {@link #toString()}
 * @param openBoards     whether every user may create boards ({@code TASKLANE_OPEN_BOARDS}); otherwise only admins
 */
public record AccessConfig(String bootstrapToken, boolean openBoards) {
    /** Whether a bootstrap token was configured: it must then work from the first request. */
    public boolean hasBootstrapToken() {
        return bootstrapToken != null && !bootstrapToken.isBlank();
    }

    @Override
    public String toString() {
        return "AccessConfig[bootstrapToken=" + (bootstrapToken == null ? null : Redaction.HIDDEN) + ", openBoards="
                + openBoards + "]";
    }
}
