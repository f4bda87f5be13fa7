package dev.tasklane.application.service;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;

/**
 * Token and password secrets: tokens are {@code tasklane_} plus 32 random bytes in URL-safe base64 and are
 * stored as their SHA-256; passwords are stored as salted PBKDF2-HMAC-SHA256.
 */
public final class Secrets {
    public static final String TOKEN_PREFIX = "tasklane_";
    /** A stored password hash that no password matches (sign-in disabled). */
    public static final String NO_PASSWORD = "!";
    static final int TOKEN_BYTES = 32;
    static final int SALT_BYTES = 16;
    static final int PBKDF2_ITERATIONS = 210_000;
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

    /** Lower-case hex SHA-256 of the token, as stored and looked up. */
    public static String sha256(String token) {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            return HexFormat.of().formatHex(digest.digest(token.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException missing) {
            throw new IllegalStateException("SHA-256 is required by every Java platform", missing);
        }
    }

    public static String hashPassword(String password) {
        byte[] salt = new byte[SALT_BYTES];
        RANDOM.nextBytes(salt);
        return "pbkdf2-sha256$" + PBKDF2_ITERATIONS + "$" + Base64.getEncoder().encodeToString(salt) + "$"
                + Base64.getEncoder().encodeToString(pbkdf2(password, salt, PBKDF2_ITERATIONS));
    }

    public static boolean passwordMatches(String password, String stored) {
        String[] parts = stored == null ? new String[0] : stored.split("\\$");
        if (parts.length != 4 || !"pbkdf2-sha256".equals(parts[0])) {
            return false;
        }
        byte[] expected = Base64.getDecoder().decode(parts[3]);
        byte[] actual = pbkdf2(password, Base64.getDecoder().decode(parts[2]), Integer.parseInt(parts[1]));
        return MessageDigest.isEqual(expected, actual);
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
