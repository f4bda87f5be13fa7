package dev.tasklane.application.service;

import dev.tasklane.application.service.ClaimService.NextOffers;
import dev.tasklane.domain.agent.Actor;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.id.TaskId;
import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.validation.Limit;
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
    private static final BoardId BOARD = BoardId.of(1);
    private static final BoardId OTHER_BOARD = BoardId.of(2);

    private static Actor caller(long userId, Long tokenId) {
        dev.tasklane.domain.identity.User user = new dev.tasklane.domain.identity.User(UserId.of(userId), "user-" + userId,
                null, null, dev.tasklane.domain.identity.Role.MEMBER, null, null);
        return dev.tasklane.application.usecase.BoardFixture.actor(user,
                new dev.tasklane.domain.identity.Board(BOARD, "board", java.util.Map.of()),
                dev.tasklane.domain.identity.Access.MODIFY, Set.of(), false, tokenId);
    }

    @Test
    void anOfferIsTheCallersUntilItsWindowEnds() {
        NextOffers offers = new NextOffers(WINDOW);
        Actor one = caller(1, 10L);
        Actor sameUserOtherToken = caller(1, 11L);

        assertTrue(offers.offer(one, null, BOARD, TaskId.of(7), START));
        assertTrue(offers.offer(one, null, BOARD, TaskId.of(7), START.plusSeconds(1)), "the holder asking again renews it");
        assertFalse(offers.offer(sameUserOtherToken, null, BOARD, TaskId.of(7), START.plusSeconds(2)), "a caller is a user and a token");
        assertTrue(offers.offeredToAnother(sameUserOtherToken, null, BOARD, TaskId.of(7), START.plusSeconds(2)));
        assertFalse(offers.offeredToAnother(one, null, BOARD, TaskId.of(7), START.plusSeconds(2)));
        assertTrue(offers.offer(sameUserOtherToken, null, BOARD, TaskId.of(8), START.plusSeconds(2)), "another task is free");
        assertTrue(offers.offer(sameUserOtherToken, null, OTHER_BOARD, TaskId.of(7), START.plusSeconds(2)), "offers are per board");

        Instant renewedUntil = START.plusSeconds(1).plus(WINDOW);
        assertFalse(offers.offer(sameUserOtherToken, null, BOARD, TaskId.of(7), renewedUntil.minusMillis(1)));
        assertTrue(offers.offer(sameUserOtherToken, null, BOARD, TaskId.of(7), renewedUntil), "an offer lapses at the end of its window");
    }

    @Test
    void agentsSharingOneTokenAreToldApartByTheirNames() {
        NextOffers offers = new NextOffers(WINDOW);
        Actor shared = caller(1, 10L);
        TaskId task = TaskId.of(7);

        assertTrue(offers.offer(shared, "agent-a", BOARD, task, START));
        assertFalse(offers.offer(shared, "agent-b", BOARD, task, START), "another name on the same token is another caller");
        assertTrue(offers.offeredToAnother(shared, "agent-b", BOARD, task, START));
        assertFalse(offers.offeredToAnother(shared, null, BOARD, task, START), "a request without a name is the token's");
        assertTrue(offers.offer(shared, "agent-a", BOARD, task, START.plusSeconds(1)), "the named holder renews it");

        TaskId unnamedTask = TaskId.of(8);
        assertTrue(offers.offer(shared, null, BOARD, unnamedTask, START));
        assertTrue(offers.offer(shared, " ", BOARD, unnamedTask, START), "a blank name is no name");
        String overCap = "x".repeat(Limit.AGENT_NAME.max() + 1);
        assertTrue(offers.offer(shared, overCap, BOARD, unnamedTask, START), "a name over its cap counts as none");
    }

    @Test
    void aZeroWindowOffersNothing() {
        NextOffers offers = new NextOffers(Duration.ZERO);
        assertTrue(offers.offer(caller(1, 10L), null, BOARD, TaskId.of(7), START));
        assertTrue(offers.offer(caller(2, 20L), null, BOARD, TaskId.of(7), START));
        assertFalse(offers.offeredToAnother(caller(2, 20L), null, BOARD, TaskId.of(7), START));
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
            offers.offer(caller(random.nextInt(64), (long) random.nextInt(64)), null, BOARD, TaskId.of(random.nextInt(1_000_000)), now);
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
