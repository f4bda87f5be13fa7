package dev.tasklane.domain.wip;

import dev.tasklane.domain.error.ErrorDetails;
import dev.tasklane.domain.error.InvalidInputException;

/**
 * A board's work-in-progress limits: how many tasks Doing may hold at once. {@code doing} is null for no limit, the
 * default; otherwise between 1 and {@link #MAX_DOING}.
 */
public record WipLimits(Integer doing) {
    /** The largest limit a board may set (cap {@code WIP_LIMIT}). */
    public static final int MAX_DOING = 10_000;
    public static final WipLimits NONE = new WipLimits(null);
    public static final String INVALID = "invalid_wip_limit";

    public WipLimits {
        if (doing != null && (doing < 1 || doing > MAX_DOING)) {
            throw new InvalidInputException(INVALID, "wip_limits.doing must be a whole number from 1 to " + MAX_DOING
                    + " (cap WIP_LIMIT), or null for no limit; got " + doing, new ErrorDetails.Field("wip_limits.doing"));
        }
    }

    public boolean limited() {
        return doing != null;
    }
}
