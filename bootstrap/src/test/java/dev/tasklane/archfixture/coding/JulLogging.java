package dev.tasklane.archfixture.coding;

import java.util.logging.Logger;

/** Breaks noJavaUtilLogging. */
public final class JulLogging {
    private static final Logger LOG = Logger.getLogger(JulLogging.class.getName());

    private JulLogging() {
    }

    public static void note(String message) {
        LOG.info(message);
    }
}
