package dev.tasklane.bootstrap;

import org.eclipse.jetty.util.MemoryUtils;

/**
 * Run in a JVM of its own by {@link JettyCacheLinesTest}: with the argument {@code tell}, sets Jetty's property the
 * way the server's start does, then lets Jetty size its cache lines, and prints both values.
 */
public final class JettyCacheLinesProbe {
    private JettyCacheLinesProbe() {
    }

    public static void main(String[] args) {
        String told = args.length > 0 && "tell".equals(args[0]) ? JettyCacheLines.tell() : "none";
        System.out.println("told=" + told + " jetty=" + MemoryUtils.getReferencesPerCacheLine());
    }
}
