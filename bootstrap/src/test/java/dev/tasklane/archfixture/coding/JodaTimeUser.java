package dev.tasklane.archfixture.coding;

import org.joda.time.LocalDate;

/** Breaks noJodaTime. */
public final class JodaTimeUser {
    private JodaTimeUser() {
    }

    public static LocalDate today() {
        return LocalDate.now();
    }
}
