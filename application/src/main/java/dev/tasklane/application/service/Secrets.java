package dev.tasklane.application.service;

import dev.tasklane.domain.identity.ApiToken;

import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;

/**
 * Token and password secrets: tokens are {@code tasklane_} plus 32 random bytes in URL-safe base64 and are
 * stored as their SHA-256; passwords are stored as salted PBKDF2-HMAC-SHA256 at the OWASP Password Storage
 * Cheat Sheet's figure (600,000 iterations). A stored hash carries its algorithm, iteration count and salt
 * ({@code pbkdf2-sha256$<iterations>$<salt>$<hash>}), so the cost can be raised later while older hashes
 * still verify ({@link #needsRehash} tells when to store a new one).
 */
public final class Secrets {
    public static final String TOKEN_PREFIX = "tasklane_";
    /** A stored password hash that no password matches (sign-in disabled). */
    public static final String NO_PASSWORD = "!";
    static final int TOKEN_BYTES = 32;
    static final int SALT_BYTES = 16;
    /** OWASP's current figure for PBKDF2-HMAC-SHA256; the cost the server uses. */
    public static final int PBKDF2_ITERATIONS = 600_000;
    /** The lowest cost {@link #hashPassword(String, int)} accepts: only tests go below the production figure. */
    public static final int MIN_PBKDF2_ITERATIONS = 1_000;
    /** The shortest bootstrap token secret after the prefix: 32 random bytes in URL-safe base64 without padding. */
    public static final int MIN_TOKEN_SECRET_CHARS = 43;
    private static final java.util.regex.Pattern URL_SAFE_BASE64 = java.util.regex.Pattern.compile("[A-Za-z0-9_-]+");
    private static final String PBKDF2_SHA256 = "pbkdf2-sha256";
    static final int PBKDF2_KEY_BITS = 256;
    private static final String PBKDF2 = "PBKDF2WithHmacSHA256";
    private static final SecureRandom RANDOM = new SecureRandom();

    private Secrets() {
    }

    public static String newToken() {
        return TOKEN_PREFIX + randomBase64(TOKEN_BYTES);
    }

    public static String randomBase64(int bytes) {
        byte[] buffer = new byte[bytes];
        RANDOM.nextBytes(buffer);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(buffer);
    }

    /** Lower-case hex SHA-256 of a token's or a web session's secret, as stored and looked up ({@link ApiToken#hashOf}). */
    public static String sha256(String token) {
        return ApiToken.hashOf(token);
    }

    /**
     * Why {@code token} cannot be a bootstrap token, or empty when it can: {@code tasklane_} followed by at
     * least {@value #MIN_TOKEN_SECRET_CHARS} characters of URL-safe base64 (32 random bytes or more).
     */
    public static java.util.Optional<String> bootstrapTokenProblem(String token) {
        if (token == null || !token.startsWith(TOKEN_PREFIX)) {
            return java.util.Optional.of("must start with " + TOKEN_PREFIX);
        }
        String secret = token.substring(TOKEN_PREFIX.length());
        if (!URL_SAFE_BASE64.matcher(secret).matches()) {
            return java.util.Optional.of("must continue with URL-safe base64 characters only (A-Z a-z 0-9 _ -)");
        }
        if (secret.length() < MIN_TOKEN_SECRET_CHARS) {
            return java.util.Optional.of("is too short: " + TOKEN_PREFIX + " must be followed by at least "
                    + MIN_TOKEN_SECRET_CHARS + " characters (32 random bytes in URL-safe base64), got " + secret.length()
                    + "; generate one with: echo " + TOKEN_PREFIX + "$(openssl rand -base64 32 | tr '+/' '-_' | tr -d '=')");
        }
        return java.util.Optional.empty();
    }

    /** A hash at the production cost ({@value #PBKDF2_ITERATIONS} iterations). */
    public static String hashPassword(String password) {
        return hashPassword(password, PBKDF2_ITERATIONS);
    }

    public static String hashPassword(String password, int iterations) {
        if (iterations < MIN_PBKDF2_ITERATIONS) {
            throw new IllegalArgumentException("PBKDF2 iterations must be at least " + MIN_PBKDF2_ITERATIONS);
        }
        byte[] salt = new byte[SALT_BYTES];
        RANDOM.nextBytes(salt);
        return PBKDF2_SHA256 + "$" + iterations + "$" + Base64.getEncoder().encodeToString(salt) + "$"
                + Base64.getEncoder().encodeToString(pbkdf2(password, salt, iterations));
    }

    /** Whether {@code password} matches {@code stored}, at the cost the hash records; a malformed hash matches nothing. */
    public static boolean passwordMatches(String password, String stored) {
        String[] parts = stored == null ? new String[0] : stored.split("\\$");
        if (password == null || parts.length != 4 || !PBKDF2_SHA256.equals(parts[0])) {
            return false;
        }
        try {
            int iterations = Integer.parseInt(parts[1]);
            byte[] expected = Base64.getDecoder().decode(parts[3]);
            if (iterations < 1 || expected.length == 0) {
                return false;
            }
            byte[] actual = pbkdf2(password, Base64.getDecoder().decode(parts[2]), iterations);
            return MessageDigest.isEqual(expected, actual);
        } catch (IllegalArgumentException malformed) {
            return false;
        }
    }

    /** Whether a stored hash is below the given cost (or not a hash at all), so that a sign-in should store a new one. */
    public static boolean needsRehash(String stored, int iterations) {
        String[] parts = stored == null ? new String[0] : stored.split("\\$");
        if (parts.length != 4 || !PBKDF2_SHA256.equals(parts[0])) {
            return true;
        }
        try {
            return Integer.parseInt(parts[1]) < iterations;
        } catch (NumberFormatException malformed) {
            return true;
        }
    }

    private static byte[] pbkdf2(String password, byte[] salt, int iterations) {
        try {
            PBEKeySpec spec = new PBEKeySpec(password.toCharArray(), salt, iterations, PBKDF2_KEY_BITS);
            return SecretKeyFactory.getInstance(PBKDF2).generateSecret(spec).getEncoded();
        } catch (GeneralSecurityException missing) {
            throw new IllegalStateException("PBKDF2WithHmacSHA256 is required by every Java platform", missing);
        }
    }
}
