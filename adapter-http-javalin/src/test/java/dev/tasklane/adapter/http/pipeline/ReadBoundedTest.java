package dev.tasklane.adapter.http.pipeline;

import dev.tasklane.adapter.http.error.RequestRefused;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A body is read within the cap whatever its declared length: generated bodies (from a printed seed, replayed with
 * {@code -Dtasklane.fuzz.seed=}), declared exactly, too short, too long or not at all, and delivered in pieces of
 * any size, read as the plain gathering loop reads them, or refused as it refuses them.
 */
class ReadBoundedTest {
    private static final long CAP = 3_000;
    private static final Json JSON = new Json(HttpSettings.defaults("http://localhost").withMaxBodyBytes(CAP));

    @Test
    void generatedBodiesReadAsTheGatheringLoopReadsThem() {
        long seed = Long.getLong("tasklane.fuzz.seed", new Random().nextLong());
        System.out.println("ReadBoundedTest: seed " + seed + " (replay with -Dtasklane.fuzz.seed=" + seed + ")");
        Random random = new Random(seed);
        for (int i = 0; i < 20_000; i++) {
            byte[] sent = new byte[random.nextInt((int) CAP + 200)];
            random.nextBytes(sent);
            long declared = switch (random.nextInt(4)) {
                case 0 -> sent.length;
                case 1 -> -1;
                case 2 -> random.nextInt((int) CAP + 200);
                default -> sent.length + random.nextInt(3) - 1;
            };
            int piece = 1 + random.nextInt(random.nextBoolean() ? 16 : 9_000);
            String context = "seed " + seed + ": " + sent.length + " bytes, declared " + declared + ", pieces of " + piece;
            assertEquals(outcome(() -> gathered(new Pieces(sent, piece), declared)),
                    outcome(() -> JSON.readBounded(new Pieces(sent, piece), declared)), context);
        }
    }

    /** The plain loop: refuse a declared length past the cap, then gather in 8 KB steps within it. */
    private static byte[] gathered(InputStream in, long declared) {
        if (declared > CAP) {
            throw RequestRefused.tooLarge(CAP);
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buffer = new byte[8192];
        long total = 0;
        try (in) {
            int read;
            while ((read = in.read(buffer)) != -1) {
                total += read;
                if (total > CAP) {
                    throw RequestRefused.tooLarge(CAP);
                }
                out.write(buffer, 0, read);
            }
        } catch (IOException unreadable) {
            throw new IllegalStateException(unreadable);
        }
        return out.toByteArray();
    }

    private static String outcome(java.util.function.Supplier<byte[]> read) {
        try {
            return Arrays.toString(read.get());
        } catch (RequestRefused refused) {
            return "refused " + refused.status();
        }
    }

    /** A stream that hands its bytes out at most {@code piece} at a time, as a network read may. */
    private static final class Pieces extends InputStream {
        private final byte[] bytes;
        private final int piece;
        private int at;

        Pieces(byte[] bytes, int piece) {
            this.bytes = bytes;
            this.piece = piece;
        }

        @Override
        public int read() {
            return at < bytes.length ? bytes[at++] & 0xff : -1;
        }

        @Override
        public int read(byte[] into, int offset, int length) {
            if (length == 0) {
                return 0;
            }
            if (at >= bytes.length) {
                return -1;
            }
            int n = Math.min(Math.min(length, piece), bytes.length - at);
            System.arraycopy(bytes, at, into, offset, n);
            at += n;
            return n;
        }
    }
}
