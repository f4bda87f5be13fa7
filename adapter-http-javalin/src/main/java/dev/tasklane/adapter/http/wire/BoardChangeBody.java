package dev.tasklane.adapter.http.wire;

import dev.tasklane.application.port.in.PartKeys;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.tasklane.adapter.http.error.RequestRefused;
import dev.tasklane.application.port.in.BoardSettingsUseCase.BoardChange;
import dev.tasklane.application.port.in.Patch;
import dev.tasklane.domain.wip.WipLimits;

import java.util.Iterator;

/**
 * The body of {@code PATCH /api/boards/:id} (docs/api.md, "Board settings and WIP limits"): a new name and/or the WIP
 * limits. Each component is the value as sent (null when the key is missing, a null node when sent as null), so
 * that "not sent" (unchanged) and "sent as null" (no limit) are told apart; {@link #change} is the ordered check.
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record BoardChangeBody(JsonNode name, JsonNode wipLimits) {
    /** The columns a WIP limit may be set on. */
    private static final String LIMITED = "doing";
    private static final int KEY_SHOWN = 40;

    /**
     * The change this body asks for, checked in this order: the name a string, the limits null or an object whose
     * only key is {@code doing}, {@code doing} null or a whole number, and something to change.
     */
    public BoardChange change() {
        Patch<String> newName = Patch.unchanged();
        if (name != null) {
            if (!name.isTextual()) {
                throw RequestRefused.invalid("name", "must be a string");
            }
            newName = Patch.to(name.textValue());
        }
        Patch<WipLimits> limits = wipLimits == null ? Patch.unchanged() : Patch.to(limits(wipLimits));
        if (!newName.isSent() && !limits.isSent()) {
            throw RequestRefused.invalid("body", "names nothing to change: send \"name\" and/or \"wip_limits\", "
                    + "for example {\"wip_limits\": {\"doing\": 3}}");
        }
        return new BoardChange(newName, limits);
    }

    /** {@code null} or {@code {}} is no limit; {@code {"doing": n}} a limit; nothing else has one. */
    private static WipLimits limits(JsonNode sent) {
        if (sent.isNull()) {
            return WipLimits.NONE;
        }
        if (!sent.isObject()) {
            throw RequestRefused.invalid("wip_limits", "must be an object such as {\"doing\": 3}, or null for no limit");
        }
        for (Iterator<String> keys = sent.fieldNames(); keys.hasNext(); ) {
            String key = keys.next();
            if (!key.equals(LIMITED)) {
                throw RequestRefused.invalid("wip_limits", "can limit doing only, got a string key '"
                        + key.substring(0, Math.min(KEY_SHOWN, key.length())) + "'");
            }
        }
        JsonNode doing = sent.get(LIMITED);
        if (doing == null || doing.isNull()) {
            return WipLimits.NONE;
        }
        if (!doing.isInt()) {
            throw RequestRefused.invalid("wip_limits.doing", "must be a whole number from 1 to " + WipLimits.MAX_DOING
                    + " (cap WIP_LIMIT), or null for no limit");
        }
        return WipLimits.of(doing.intValue(), PartKeys.NAMES);
    }
}
