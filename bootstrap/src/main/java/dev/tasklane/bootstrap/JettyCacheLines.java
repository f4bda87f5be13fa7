package dev.tasklane.bootstrap;

/**
 * Tells Jetty how many object references fit in a cache line before it asks the JVM itself. Jetty pads some of its
 * concurrent structures by that number, and without the system property {@value #PROPERTY} it finds out whether
 * the JVM compresses object references through the platform MBean server: that one look-up loads and starts JMX,
 * about 290 classes of a start (docs/benchmarks.md, "What bounds start-up"). The value given here follows the
 * JVM's own rule instead: references are compressed (4 bytes) on a heap below 32 GiB, else 8 bytes. A wrong guess
 * (a JVM started with {@code -XX:-UseCompressedOops}) only changes the padding, never behaviour. A value the
 * operator set (a {@code -D} option) is kept.
 */
final class JettyCacheLines {
    /** The system property Jetty reads ({@code org.eclipse.jetty.util.MemoryUtils}). */
    static final String PROPERTY = "org.eclipse.jetty.util.referencesPerCacheLine";
    /** Jetty's own property for the cache line's size, and its default. */
    static final String LINE_PROPERTY = "org.eclipse.jetty.util.cacheLineBytes";
    static final int DEFAULT_LINE_BYTES = 64;
    /** The largest heap on which the JVM compresses references by default (with its default 8-byte alignment). */
    static final long COMPRESSED_REFERENCES_BELOW = 32L << 30;

    private JettyCacheLines() {
    }

    /** Sets {@value #PROPERTY} unless it is set; call before any Jetty class is used. Returns the value in force. */
    static String tell() {
        String given = System.getProperty(PROPERTY);
        if (given != null) {
            return given;
        }
        String value = String.valueOf(referencesPerLine(lineBytes(), Runtime.getRuntime().maxMemory()));
        System.setProperty(PROPERTY, value);
        return value;
    }

    /** References per cache line of {@code lineBytes} on a JVM whose largest heap is {@code maxHeapBytes}. */
    static int referencesPerLine(int lineBytes, long maxHeapBytes) {
        int referenceBytes = maxHeapBytes < COMPRESSED_REFERENCES_BELOW ? Integer.BYTES : Long.BYTES;
        return Math.max(1, lineBytes / referenceBytes);
    }

    private static int lineBytes() {
        try {
            return Integer.parseInt(System.getProperty(LINE_PROPERTY, String.valueOf(DEFAULT_LINE_BYTES)));
        } catch (NumberFormatException unreadable) {
            return DEFAULT_LINE_BYTES;
        }
    }
}
