package dev.tasklane.simulator;

import org.junit.jupiter.api.Test;

import java.util.Random;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The fast engine's sets of ranks answer as a sorted set does: random adds and removes from a printed seed, each
 * followed by lookups of the lowest rank from random points, compared with a {@link TreeSet}, over sizes that end
 * inside a word, on a word's edge and past one summary word.
 */
class RankSetTest {

    @Test
    void aRankSetAnswersAsASortedSet() {
        long seed = System.nanoTime();
        System.out.println("RankSetTest seed " + seed);
        Random random = new Random(seed);
        for (int ranks : new int[] {1, 63, 64, 65, 4096, 4097, 20_000}) {
            FastBoard.RankSet set = new FastBoard.RankSet(ranks);
            TreeSet<Integer> expected = new TreeSet<>();
            for (int op = 0; op < 5_000; op++) {
                int rank = random.nextInt(ranks);
                if (random.nextInt(3) == 0) {
                    set.remove(rank);
                    expected.remove(rank);
                } else {
                    set.add(rank);
                    expected.add(rank);
                }
                int from = random.nextInt(ranks + 1);
                Integer ceiling = expected.ceiling(from);
                assertEquals(ceiling == null ? -1 : ceiling, set.nextFrom(from), "seed " + seed + ", " + ranks + " ranks, from " + from);
                assertEquals(expected.contains(rank), set.contains(rank), "seed " + seed + ", rank " + rank);
            }
            assertEquals(expected.isEmpty() ? -1 : expected.first(), set.nextFrom(0), "seed " + seed);
        }
    }
}
