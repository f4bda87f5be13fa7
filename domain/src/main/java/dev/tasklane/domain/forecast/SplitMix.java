package dev.tasklane.domain.forecast;

/** SplitMix64's output function: a well-mixed {@code long} from a counter, with no state object to allocate. */
final class SplitMix {
    static final long GOLDEN = 0x9E3779B97F4A7C15L;

    private SplitMix() {
    }

    static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** A number from 0 to below {@code bound}, from a mixed value (Lemire's multiply-shift). */
    static int below(long mixed, int bound) {
        return (int) (((mixed >>> 32) * bound) >>> 32);
    }
}
