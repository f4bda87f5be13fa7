package dev.tasklane.archfixture.domain;

import java.util.Objects;

/** Obeys domainIsPure: depends on java.. only. Must not appear in any violation. */
public record Card(String title) {
    public Card {
        Objects.requireNonNull(title, "title");
    }
}
