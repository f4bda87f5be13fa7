package dev.tasklane.bootstrap;

/**
 * Who gets in first and who may create boards (docs/configuration.md, "Access settings and their checks").
 *
 * @param bootstrapToken null when none is configured ({@code TASKLANE_BOOTSTRAP_TOKEN}): a one-time admin password
 *                       is printed instead; never printed by {@link #toString()}
 * @param openBoards     whether every user may create boards ({@code TASKLANE_OPEN_BOARDS}); otherwise only admins
 * @param auditRetention how long audit log entries are kept ({@code TASKLANE_AUDIT_RETENTION}, 90 days by default)
 */
public record AccessConfig(String bootstrapToken, boolean openBoards, java.time.Duration auditRetention) {
    public AccessConfig(String bootstrapToken, boolean openBoards) {
        this(bootstrapToken, openBoards, dev.tasklane.application.service.Tasklane.DEFAULT_AUDIT_RETENTION);
    }

    /** Whether a bootstrap token was configured: it must then work from the first request. */
    public boolean hasBootstrapToken() {
        return bootstrapToken != null && !bootstrapToken.isBlank();
    }

    @Override
    public String toString() {
        return "AccessConfig[bootstrapToken=" + (bootstrapToken == null ? null : Redaction.HIDDEN) + ", openBoards="
                + openBoards + ", auditRetention=" + auditRetention + "]";
    }
}
