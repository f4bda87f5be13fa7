package dev.tasklane.application.service;

import java.security.SecureRandom;
import java.util.Base64;

/** Fresh claim tokens: 24 random bytes, URL-safe base64, one per lease (a claim, or a rework after review). */
final class ClaimTokens {
    private static final int CLAIM_TOKEN_BYTES = 24;
    private static final SecureRandom RANDOM = new SecureRandom();

    private ClaimTokens() {
    }

    static String fresh() {
        byte[] bytes = new byte[CLAIM_TOKEN_BYTES];
        RANDOM.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }
}
