package dev.tasklane.domain.webhook;

import dev.tasklane.domain.error.ErrorDetails;
import dev.tasklane.domain.error.InvalidInputException;

import java.security.SecureRandom;
import java.util.Base64;

/**
 * A signing secret as Standard Webhooks writes it: {@code whsec_} and the base64 of the key's bytes. The server
 * generates it (24 random bytes, as the reference libraries do); it is shown once, when made, and never again.
 * {@link #toString} never shows it, so that a log line or an exception message cannot carry it.
 */
public final class WebhookSecret {
    public static final String PREFIX = "whsec_";
    static final int KEY_BYTES = 24;
    private static final SecureRandom RANDOM = new SecureRandom();

    private final String text;
    private final byte[] key;

    private WebhookSecret(String text, byte[] key) {
        this.text = text;
        this.key = key;
    }

    /** A new random secret. */
    public static WebhookSecret generate() {
        byte[] key = new byte[KEY_BYTES];
        RANDOM.nextBytes(key);
        return new WebhookSecret(PREFIX + Base64.getEncoder().encodeToString(key), key);
    }

    /** The secret written as {@code whsec_…} (as stored); refused when it is not. */
    public static WebhookSecret parse(String text) {
        if (text == null || !text.startsWith(PREFIX) || text.length() > 200) {
            throw new InvalidInputException("invalid_param", "secret must be whsec_ and base64",
                    new ErrorDetails.Field("secret"));
        }
        try {
            byte[] key = Base64.getDecoder().decode(text.substring(PREFIX.length()));
            if (key.length < 16) {
                throw new InvalidInputException("invalid_param", "secret must hold at least 16 bytes",
                        new ErrorDetails.Field("secret"));
            }
            return new WebhookSecret(text, key);
        } catch (IllegalArgumentException notBase64) {
            throw new InvalidInputException("invalid_param", "secret must be whsec_ and base64",
                    new ErrorDetails.Field("secret"));
        }
    }

    /** The secret's text, {@code whsec_…}: for the store and for the one answer that shows it. */
    public String reveal() {
        return text;
    }

    byte[] key() {
        return key.clone();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof WebhookSecret secret && secret.text.equals(text);
    }

    @Override
    public int hashCode() {
        return text.hashCode();
    }

    @Override
    public String toString() {
        return "whsec_[redacted]";
    }
}
