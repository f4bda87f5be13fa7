package dev.tasklane.domain.wip;

import dev.tasklane.domain.error.ErrorDetails;
import dev.tasklane.domain.error.InvalidInputException;
import dev.tasklane.domain.task.InputPart;
import dev.tasklane.domain.task.PartNames;

/**
 * A board's work-in-progress limits: how many tasks Doing may hold at once. {@code doing} is null for no limit, the
 * default; otherwise between 1 and {@link #MAX_DOING}.
 */
public record WipLimits(Integer doing) {
    /** The largest limit a board may set (cap {@code WIP_LIMIT}). */
    public static final int MAX_DOING = 10_000;
    public static final WipLimits NONE = new WipLimits(null);
    public static final String INVALID = "invalid_wip_limit";

    /** Limits built directly; a refusal names the limit by its constant ({@code WIP_LIMIT_DOING}). */
    public WipLimits {
        check(doing, InputPart::name);
    }

    /** Limits as a caller sent them; a refusal names the limit as {@code names} spells it. */
    public static WipLimits of(Integer doing, PartNames names) {
        check(doing, names);
        return new WipLimits(doing);
    }

    private static void check(Integer doing, PartNames names) {
        if (doing != null && (doing < 1 || doing > MAX_DOING)) {
            String field = names.of(InputPart.WIP_LIMIT_DOING);
            throw new InvalidInputException(INVALID, field + " must be a whole number from 1 to " + MAX_DOING
                    + " (cap WIP_LIMIT), or null for no limit; got " + doing, new ErrorDetails.Field(field));
        }
    }

    public boolean limited() {
        return doing != null;
    }
}
