package dev.tasklane.application.service;

import dev.tasklane.domain.agent.Actor;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Random;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The offers next makes (docs/rules.md, "Offers made by next"): who holds one, for how long, and how many are kept. */
class NextOffersTest {
    private static final Duration WINDOW = Duration.ofSeconds(5);
    private static final Instant START = Instant.parse("2026-01-01T00:00:00Z");
    private static final long BOARD = 1;

    private static Actor caller(long userId, Long tokenId) {
        return new Actor(userId, BOARD, Set.of(), false, true, false, tokenId);
    }

    @Test
    void anOfferIsTheCallersUntilItsWindowEnds() {
        NextOffers offers = new NextOffers(WINDOW);
        Actor one = caller(1, 10L);
        Actor sameUserOtherToken = caller(1, 11L);

        assertTrue(offers.offer(one, BOARD, 7, START));
        assertTrue(offers.offer(one, BOARD, 7, START.plusSeconds(1)), "the holder asking again renews it");
        assertFalse(offers.offer(sameUserOtherToken, BOARD, 7, START.plusSeconds(2)), "a caller is a user and a token");
        assertTrue(offers.offeredToAnother(sameUserOtherToken, BOARD, 7, START.plusSeconds(2)));
        assertFalse(offers.offeredToAnother(one, BOARD, 7, START.plusSeconds(2)));
        assertTrue(offers.offer(sameUserOtherToken, BOARD, 8, START.plusSeconds(2)), "another task is free");
        assertTrue(offers.offer(sameUserOtherToken, BOARD + 1, 7, START.plusSeconds(2)), "offers are per board");

        Instant renewedUntil = START.plusSeconds(1).plus(WINDOW);
        assertFalse(offers.offer(sameUserOtherToken, BOARD, 7, renewedUntil.minusMillis(1)));
        assertTrue(offers.offer(sameUserOtherToken, BOARD, 7, renewedUntil), "an offer lapses at the end of its window");
    }

    @Test
    void aZeroWindowOffersNothing() {
        NextOffers offers = new NextOffers(Duration.ZERO);
        assertTrue(offers.offer(caller(1, 10L), BOARD, 7, START));
        assertTrue(offers.offer(caller(2, 20L), BOARD, 7, START));
        assertFalse(offers.offeredToAnother(caller(2, 20L), BOARD, 7, START));
        assertEquals(0, offers.kept());
    }

    /**
     * However long a server runs, the offers kept stay within about twice the most offers live at once: random
     * callers and tasks, a clock that moves on by a random step of 0 to 2 ms after each offer.
     */
    @Test
    void expiredOffersAreDroppedAsNewOnesAreMade() {
        long seed = System.nanoTime();
        System.out.println("NextOffersTest seed " + seed);
        Random random = new Random(seed);
        NextOffers offers = new NextOffers(WINDOW);
        ArrayDeque<Instant> made = new ArrayDeque<>();
        Instant now = START;
        int mostLive = 0;
        for (int i = 0; i < 50_000; i++) {
            offers.offer(caller(random.nextInt(64), (long) random.nextInt(64)), BOARD, random.nextInt(1_000_000), now);
            made.addLast(now);
            while (!made.peekFirst().plus(WINDOW).isAfter(now)) {
                made.removeFirst();
            }
            mostLive = Math.max(mostLive, made.size());
            assertTrue(offers.kept() <= 2 * Math.max(NextOffers.PURGE_ABOVE, mostLive) + 1,
                    "seed " + seed + ": " + offers.kept() + " offers kept after " + (i + 1) + ", at most " + mostLive + " live");
            now = now.plusMillis(random.nextInt(3));
        }
        assertTrue(mostLive > NextOffers.PURGE_ABOVE, "seed " + seed + ": the run never needed a purge");
    }
}
