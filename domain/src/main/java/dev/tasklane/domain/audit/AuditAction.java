package dev.tasklane.domain.audit;

import java.util.Optional;

/**
 * What an audit entry records: the acts by which people and agents gain, use or hand on authority, and the acts that
 * cannot be taken back. Each has a stable name, {@code subject.verb}, which the API filters by and shows.
 */
public enum AuditAction {
    SIGNIN_SUCCEEDED("signin.succeeded"),
    SIGNIN_FAILED("signin.failed"),
    PASSWORD_CHANGED("password.changed"),
    TOKEN_MINTED("token.minted"),
    TOKEN_REVOKED("token.revoked"),
    USER_CREATED("user.created"),
    USER_DISABLED("user.disabled"),
    USER_ENABLED("user.enabled"),
    USER_PASSWORD_RESET("user.password_reset"),
    BOARD_CREATED("board.created"),
    BOARD_SETTINGS_CHANGED("board.settings_changed"),
    MEMBERSHIP_ADDED("membership.added"),
    MEMBERSHIP_CHANGED("membership.changed"),
    MEMBERSHIP_REMOVED("membership.removed"),
    REVIEW_DECIDED("review.decided"),
    TASK_MARKED_DONE("task.marked_done"),
    TASK_DELETED("task.deleted"),
    COMMENT_DELETED("comment.deleted"),
    AGENT_STOPPED("agent.stopped"),
    AGENT_RELEASED("agent.released"),
    WEBHOOK_CREATED("webhook.created"),
    WEBHOOK_CHANGED("webhook.changed"),
    WEBHOOK_SECRET_ROTATED("webhook.secret_rotated"),
    WEBHOOK_DELETED("webhook.deleted"),
    GITHUB_CONNECTED("github.connected");

    private final String wire;

    AuditAction(String wire) {
        this.wire = wire;
    }

    /** The action's name in the API and the store, for example {@code token.minted}. */
    public String code() {
        return wire;
    }

    public static Optional<AuditAction> ofCode(String name) {
        for (AuditAction action : values()) {
            if (action.wire.equals(name)) {
                return Optional.of(action);
            }
        }
        return Optional.empty();
    }
}
