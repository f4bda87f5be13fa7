package dev.tasklane.domain.webhook;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

/**
 * The {@code webhook-signature} header of Standard Webhooks: {@code v1,} and the base64 of HMAC-SHA256 over
 * {@code id.timestamp.body} with the secret's key, one such signature per secret that signs, separated by spaces
 * (two while a rotation's overlap lasts). The HMAC is RFC 2104's over {@link MessageDigest}'s SHA-256, so that the
 * domain needs nothing outside {@code java.*}; the official {@code standardwebhooks} library verifies it in CI.
 */
public final class WebhookSignature {
    private WebhookSignature() {
    }

    /** One {@code v1,} signature of the message {@code id}, sent at {@code timestampSeconds}, with this body. */
    public static String sign(WebhookSecret secret, String id, long timestampSeconds, byte[] body) {
        byte[] prefix = (id + "." + timestampSeconds + ".").getBytes(StandardCharsets.UTF_8);
        return "v1," + Base64.getEncoder().encodeToString(hmacSha256(secret.key(), prefix, body));
    }

    /** HMAC-SHA256 (RFC 2104) of {@code first} then {@code second} under {@code key} (GitHub's signature too). */
    public static byte[] hmacSha256(byte[] key, byte[] first, byte[] second) {
        MessageDigest sha = sha256();
        byte[] block = new byte[64];
        byte[] k = key.length > block.length ? sha.digest(key) : key;
        System.arraycopy(k, 0, block, 0, k.length);
        byte[] inner = new byte[64];
        byte[] outer = new byte[64];
        for (int i = 0; i < 64; i++) {
            inner[i] = (byte) (block[i] ^ 0x36);
            outer[i] = (byte) (block[i] ^ 0x5c);
        }
        sha.reset();
        sha.update(inner);
        sha.update(first);
        sha.update(second);
        byte[] innerHash = sha.digest();
        sha.update(outer);
        sha.update(innerHash);
        return sha.digest();
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException noSha) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", noSha);
        }
    }

    /** The header's value: a signature by each secret, in order, separated by one space. */
    public static String header(List<WebhookSecret> secrets, String id, long timestampSeconds, byte[] body) {
        if (secrets.isEmpty()) {
            throw new IllegalArgumentException("at least one secret signs");
        }
        List<String> signatures = new ArrayList<>(secrets.size());
        for (WebhookSecret secret : secrets) {
            signatures.add(sign(secret, id, timestampSeconds, body));
        }
        return String.join(" ", signatures);
    }
}
