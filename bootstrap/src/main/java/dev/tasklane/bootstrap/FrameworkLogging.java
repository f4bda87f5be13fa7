package dev.tasklane.bootstrap;

import java.util.List;
import java.util.Map;

/**
 * The frameworks' own start-up lines (Flyway's migrations, Jetty's and Javalin's start, HikariCP's pool) are logged at
 * WARN unless {@code --verbose} or {@code TASKLANE_VERBOSE=true} asks for them, so that the banner is the first
 * thing a start prints (docs/configuration.md, "Start-up output"). Tasklane's own lines keep their level. It sets
 * slf4j-simple's properties, which are read when a logger is first made, so it runs before anything logs; a level
 * set on the command line ({@code -Dorg.slf4j.simpleLogger.log.org.flywaydb=info}) wins.
 */
final class FrameworkLogging {
    /** The frameworks quieted: the logger names their lines come from. */
    static final List<String> FRAMEWORKS = List.of("org.flywaydb", "org.eclipse.jetty", "io.javalin", "com.zaxxer.hikari");
    static final String VERBOSE_FLAG = "--verbose";
    static final String VERBOSE_VARIABLE = "TASKLANE_VERBOSE";
    private static final String PREFIX = "org.slf4j.simpleLogger.log.";

    private FrameworkLogging() {
    }

    /** Quiets the frameworks unless {@code args} hold {@value #VERBOSE_FLAG} or the variable is {@code true}. */
    static void configure(String[] args, Map<String, String> env) {
        if (verbose(args, env)) {
            return;
        }
        for (String framework : FRAMEWORKS) {
            System.getProperties().putIfAbsent(PREFIX + framework, "warn");
        }
    }

    static boolean verbose(String[] args, Map<String, String> env) {
        for (String arg : args) {
            if (VERBOSE_FLAG.equals(arg) || (VERBOSE_FLAG + "=true").equals(arg)) {
                return true;
            }
        }
        return "true".equalsIgnoreCase(env.getOrDefault(VERBOSE_VARIABLE, "").trim());
    }
}
