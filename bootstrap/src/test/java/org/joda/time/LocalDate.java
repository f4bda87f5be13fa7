package org.joda.time;

/**
 * Test-only stand-in for Joda-Time's {@code LocalDate}, which no Tasklane module depends on. ArchUnit's
 * {@code GeneralCodingRules.USE_JODATIME} recognises Joda-Time by package name ({@code org.joda.time}), so the broken
 * fixture {@code dev.tasklane.archfixture.coding.JodaTimeUser} needs a type in that package to prove that the
 * Joda-Time rule can fail. Delete this file if joda-time ever reaches bootstrap's test classpath.
 */
public final class LocalDate {
    private LocalDate() {
    }

    public static LocalDate now() {
        return new LocalDate();
    }
}
