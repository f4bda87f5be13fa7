package dev.tasklane.application.service;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Passwords carry their cost in the hash, so older (cheaper) hashes still verify and can be told apart for a
 * re-hash; the production figure is asserted by bootstrap's AccessConfigurationTest. Bootstrap token format.
 */
class SecretsTest {
    private static final String PASSWORD = "correct horse battery staple";

    @Test
    void aHashRecordsItsCostAndVerifiesAtThatCost() {
        String older = Secrets.hashPassword(PASSWORD, 2_000);
        assertTrue(older.startsWith("pbkdf2-sha256$2000$"), older);
        assertTrue(Secrets.passwordMatches(PASSWORD, older), "a hash made at another cost still verifies");
        assertFalse(Secrets.passwordMatches("wrong password here", older));
        assertTrue(Secrets.needsRehash(older, Secrets.PBKDF2_ITERATIONS), "below the current cost: re-hash at sign-in");
        assertFalse(Secrets.needsRehash(older, 2_000));
        assertThrows(IllegalArgumentException.class, () -> Secrets.hashPassword(PASSWORD, Secrets.MIN_PBKDF2_ITERATIONS - 1));
    }

    @Test
    void malformedOrDisabledHashesMatchNothing() {
        for (String stored : new String[] {null, "", Secrets.NO_PASSWORD, "pbkdf2-sha256$x$AAAA$AAAA",
                "pbkdf2-sha256$1000$not base64!$AAAA", "bcrypt$10$abc$def", "pbkdf2-sha256$1000$AAAA$"}) {
            assertFalse(Secrets.passwordMatches(PASSWORD, stored), String.valueOf(stored));
            assertTrue(Secrets.needsRehash(stored, Secrets.PBKDF2_ITERATIONS), String.valueOf(stored));
        }
    }

    @Test
    void bootstrapTokensAreTasklanePrefixedUrlSafeBase64OfThirtyTwoBytesOrMore() {
        assertTrue(Secrets.bootstrapTokenProblem(Secrets.newToken()).isEmpty(), "a generated token passes");
        assertEquals(Secrets.TOKEN_PREFIX.length() + Secrets.MIN_TOKEN_SECRET_CHARS, Secrets.newToken().length());
        assertTrue(Secrets.bootstrapTokenProblem("tasklane_" + "A".repeat(43)).isEmpty());
        assertTrue(Secrets.bootstrapTokenProblem("tasklane_" + "A".repeat(42)).orElseThrow().contains("too short"));
        assertTrue(Secrets.bootstrapTokenProblem("token_" + "A".repeat(50)).orElseThrow().contains("tasklane_"));
        assertTrue(Secrets.bootstrapTokenProblem("tasklane_" + "A".repeat(50) + "=").orElseThrow().contains("URL-safe"));
        assertTrue(Secrets.bootstrapTokenProblem(null).isPresent());
    }
}
