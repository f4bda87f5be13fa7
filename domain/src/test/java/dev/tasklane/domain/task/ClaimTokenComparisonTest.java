package dev.tasklane.domain.task;

import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.Base64;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link Claim#sameToken}: the claim token's comparison (constant time, on UTF-8 bytes) answers exactly what
 * equality answers, wherever two tokens differ, and null matches nothing.
 */
class ClaimTokenComparisonTest {
    private static final Instant NOW = Instant.parse("2026-01-01T00:00:00Z");

    @Test
    void aTokenMatchesItselfAndNothingElse() {
        Claim claim = new Claim("agent", NOW, NOW.plusSeconds(60), "tok-abc", null);
        assertTrue(claim.tokenMatches("tok-abc"));
        assertTrue(claim.tokenMatches(new String("tok-abc".toCharArray())));
        assertFalse(claim.tokenMatches("tok-abd"), "last character differs");
        assertFalse(claim.tokenMatches("Tok-abc"), "first character differs");
        assertFalse(claim.tokenMatches("tok-ab"), "a prefix");
        assertFalse(claim.tokenMatches("tok-abcd"), "an extension");
        assertFalse(claim.tokenMatches(""));
        assertFalse(claim.tokenMatches(null));
        assertFalse(Claim.sameToken(null, null), "null matches nothing, not even null");
        assertFalse(Claim.sameToken("é", "e"), "compared as UTF-8 bytes, not folded");
        assertTrue(Claim.sameToken("é", "é"));
    }

    @Test
    void theComparisonAgreesWithEqualityOnGeneratedTokens() {
        long seed = System.nanoTime();
        System.out.println("ClaimTokenComparisonTest seed " + seed);
        Random random = new Random(seed);
        for (int i = 0; i < 2_000; i++) {
            byte[] bytes = new byte[1 + random.nextInt(32)];
            random.nextBytes(bytes);
            String held = Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
            char[] changed = held.toCharArray();
            int at = random.nextInt(changed.length);
            changed[at] = changed[at] == 'A' ? 'B' : 'A';
            String other = new String(changed);
            String truncated = held.substring(0, random.nextInt(held.length()));
            assertTrue(Claim.sameToken(new String(held.toCharArray()), held), "seed " + seed);
            assertFalse(Claim.sameToken(other, held), "seed " + seed + ": differs at " + at);
            assertFalse(Claim.sameToken(truncated, held), "seed " + seed + ": a prefix");
        }
    }
}
