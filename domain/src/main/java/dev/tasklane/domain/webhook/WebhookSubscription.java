package dev.tasklane.domain.webhook;

import dev.tasklane.domain.error.ErrorDetails;
import dev.tasklane.domain.error.InvalidInputException;
import dev.tasklane.domain.id.BoardId;

import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * A board's webhook subscription: where its deliveries go, which events it wants, and the secret that signs them
 * (with, during a rotation's overlap, the previous one too). {@code cursor} is the number of the last outbox event
 * turned into this subscription's deliveries: a server that restarts, or another server, goes on from there.
 * {@code failingSince} is when the deliveries began failing without a success since; a subscription failing for
 * longer than the operator allows is disabled with {@code disabledReason}. Its {@link #toString} never shows a secret.
 */
public record WebhookSubscription(long id, BoardId boardId, URI url, EventFilter events, String description,
                                  WebhookSecret secret, WebhookSecret previousSecret, Instant previousUntil,
                                  boolean enabled, String disabledReason, Instant failingSince, long cursor,
                                  Instant createdAt, WebhookPreset preset) {
    public static final int MAX_DESCRIPTION = 500;
    public static final int MAX_REASON = 500;
    /** The longest overlap a rotation may ask for. */
    public static final Duration MAX_OVERLAP = Duration.ofDays(7);

    public WebhookSubscription {
        Objects.requireNonNull(boardId, "board");
        Objects.requireNonNull(url, "url");
        Objects.requireNonNull(events, "events");
        Objects.requireNonNull(secret, "secret");
        preset = preset == null ? WebhookPreset.STANDARD : preset;
        description = description == null ? "" : description;
        if (disabledReason != null && disabledReason.length() > MAX_REASON) {
            disabledReason = disabledReason.substring(0, MAX_REASON);
        }
    }

    /** A subscription of the standard preset. */
    public WebhookSubscription(long id, BoardId boardId, URI url, EventFilter events, String description,
                               WebhookSecret secret, WebhookSecret previousSecret, Instant previousUntil,
                               boolean enabled, String disabledReason, Instant failingSince, long cursor,
                               Instant createdAt) {
        this(id, boardId, url, events, description, secret, previousSecret, previousUntil, enabled, disabledReason,
                failingSince, cursor, createdAt, WebhookPreset.STANDARD);
    }

    /** A description as sent, checked: at most {@value #MAX_DESCRIPTION} characters. */
    public static String description(String text) {
        if (text == null) {
            return "";
        }
        if (text.codePointCount(0, text.length()) > MAX_DESCRIPTION) {
            throw new InvalidInputException("invalid_param", "description must be at most " + MAX_DESCRIPTION
                    + " characters", new ErrorDetails.Field("description"));
        }
        return text;
    }

    /** The secrets that sign a delivery sent at {@code now}: the current one, and the previous one while it overlaps. */
    public List<WebhookSecret> signingSecrets(Instant now) {
        if (previousSecret != null && previousUntil != null && now.isBefore(previousUntil)) {
            return List.of(secret, previousSecret);
        }
        return List.of(secret);
    }

    /** With {@code next} as its secret, the current one still signing until {@code now + overlap}. */
    public WebhookSubscription rotated(WebhookSecret next, Instant now, Duration overlap) {
        if (overlap.isNegative() || overlap.compareTo(MAX_OVERLAP) > 0) {
            throw new IllegalArgumentException("an overlap is between 0 and " + MAX_OVERLAP + ", got " + overlap);
        }
        return new WebhookSubscription(id, boardId, url, events, description, next,
                overlap.isZero() ? null : secret, overlap.isZero() ? null : now.plus(overlap), enabled, disabledReason,
                failingSince, cursor, createdAt, preset);
    }

    /** After a delivery succeeded: failing no longer. */
    public WebhookSubscription succeeded() {
        return failingSince == null ? this : new WebhookSubscription(id, boardId, url, events, description, secret,
                previousSecret, previousUntil, enabled, disabledReason, null, cursor, createdAt, preset);
    }

    /**
     * After a delivery failed at {@code now} with {@code why}: failing since the first failure without a success
     * since, and disabled, with the reason, once that is longer ago than {@code disableAfter}.
     */
    public WebhookSubscription failed(Instant now, String why, Duration disableAfter) {
        Instant since = failingSince == null ? now : failingSince;
        boolean disable = enabled && !now.isBefore(since.plus(disableAfter));
        String reason = disable ? "failing since " + since + ", the last attempt: " + why : disabledReason;
        return new WebhookSubscription(id, boardId, url, events, description, secret, previousSecret, previousUntil,
                enabled && !disable, reason, since, cursor, createdAt, preset);
    }

    /** Changed as an admin asked: url, events, description, enabled (enabling clears the reason and the failing time). */
    public WebhookSubscription changed(URI newUrl, EventFilter newEvents, String newDescription, Boolean enable) {
        boolean nowEnabled = enable == null ? enabled : enable;
        boolean reenabled = nowEnabled && !enabled;
        return new WebhookSubscription(id, boardId, newUrl == null ? url : newUrl,
                newEvents == null ? events : newEvents, newDescription == null ? description : newDescription, secret,
                previousSecret, previousUntil, nowEnabled, reenabled ? null : (nowEnabled ? disabledReason
                : (disabledReason == null && enable != null ? "disabled by an admin" : disabledReason)),
                reenabled ? null : failingSince, cursor, createdAt, preset);
    }

    public WebhookSubscription withCursor(long newCursor) {
        return new WebhookSubscription(id, boardId, url, events, description, secret, previousSecret, previousUntil,
                enabled, disabledReason, failingSince, newCursor, createdAt, preset);
    }
}
