package dev.tasklane.simulator;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * {@link Hold#expiry} finds the move of the clock that ends an abandoned lease by a binary search. Its answer must
 * be the one the definition gives, read move by move: the first move after the abandonment whose instant is at or
 * past the lease's end. Logs are generated from a seed (printed), with steps of zero minutes (a step at the same
 * instant) and long jumps, and abandonments anywhere in them.
 */
class HoldExpiryTest {
    private static final Instant T0 = Instant.parse("2026-01-05T09:00:00Z");
    private static final Duration TTL = Duration.ofMinutes(60);

    @Test
    void theSearchFindsTheMoveTheDefinitionNames() {
        long seed = System.nanoTime();
        System.out.println("HoldExpiryTest seed " + seed);
        Random random = new Random(seed);
        for (int round = 0; round < 200; round++) {
            List<LogEvent> clock = new ArrayList<>();
            List<LogEvent> abandoned = new ArrayList<>();
            long sequence = 0;
            Instant now = T0;
            int moves = random.nextInt(60);
            for (int i = 0; i < moves; i++) {
                now = now.plus(Duration.ofMinutes(random.nextInt(4) == 0 ? 0 : 1 + random.nextInt(90)));
                clock.add(new LogEvent(++sequence, ++sequence, now, -1, LogEvent.Kind.CLOCK, null));
                for (int j = random.nextInt(3); j > 0; j--) {
                    abandoned.add(new LogEvent(++sequence, ++sequence, now, 0, LogEvent.Kind.ABANDONED, "W" + j));
                }
            }
            for (LogEvent abandon : abandoned) {
                assertEquals(byDefinition(clock, abandon), Hold.expiry(clock, abandon, TTL),
                        "seed " + seed + ", round " + round + ", abandoned at " + abandon);
            }
        }
    }

    private static long byDefinition(List<LogEvent> clock, LogEvent abandoned) {
        Instant expiresAt = abandoned.at().plus(TTL);
        for (LogEvent tick : clock) {
            if (tick.start() > abandoned.end() && !tick.at().isBefore(expiresAt)) {
                return tick.start();
            }
        }
        return Long.MAX_VALUE;
    }
}
