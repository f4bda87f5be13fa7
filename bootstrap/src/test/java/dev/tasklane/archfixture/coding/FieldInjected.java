package dev.tasklane.archfixture.coding;

import jakarta.inject.Inject;

/** Breaks noFieldInjection: an {@code @jakarta.inject.Inject} field instead of a constructor parameter. */
public final class FieldInjected {
    @Inject
    String greeting;

    public String greeting() {
        return greeting;
    }
}
