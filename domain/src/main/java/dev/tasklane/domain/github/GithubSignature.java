package dev.tasklane.domain.github;

import dev.tasklane.domain.webhook.WebhookSignature;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;

/**
 * GitHub's {@code X-Hub-Signature-256}: {@code sha256=} and the lower-case hex of HMAC-SHA256 over the raw body with
 * the secret both sides know. Compared in constant time over the whole digest ({@link MessageDigest#isEqual}), so
 * that the time of a refusal tells nothing of how much of a forged signature was right.
 */
public final class GithubSignature {
    /** The header's prefix. */
    public static final String PREFIX = "sha256=";
    private static final int HEX_LENGTH = 64;

    private GithubSignature() {
    }

    /** Whether {@code header} is the signature of {@code body} under {@code secret}; false when missing or malformed. */
    public static boolean valid(String secret, byte[] body, String header) {
        byte[] expected = digest(secret, body);
        byte[] given = decode(header);
        // a malformed header is compared against the expected digest anyway: the refusal takes as long either way
        return MessageDigest.isEqual(expected, given == null ? new byte[expected.length] : given) && given != null;
    }

    /** The header GitHub would send for {@code body}: what the tests sign with. */
    public static String sign(String secret, byte[] body) {
        StringBuilder hex = new StringBuilder(PREFIX);
        for (byte b : digest(secret, body)) {
            hex.append(Character.forDigit((b >> 4) & 0xf, 16)).append(Character.forDigit(b & 0xf, 16));
        }
        return hex.toString();
    }

    private static byte[] digest(String secret, byte[] body) {
        return WebhookSignature.hmacSha256(secret.getBytes(StandardCharsets.UTF_8), new byte[0], body);
    }

    private static byte[] decode(String header) {
        if (header == null || header.length() != PREFIX.length() + HEX_LENGTH || !header.startsWith(PREFIX)) {
            return null;
        }
        byte[] out = new byte[HEX_LENGTH / 2];
        for (int i = 0; i < out.length; i++) {
            int high = Character.digit(header.charAt(PREFIX.length() + 2 * i), 16);
            int low = Character.digit(header.charAt(PREFIX.length() + 2 * i + 1), 16);
            if (high < 0 || low < 0) {
                return null;
            }
            out[i] = (byte) ((high << 4) | low);
        }
        return out;
    }
}
