package dev.tasklane.archfixture.domain;

/** Obeys idsAreTyped: a typed id, whose number is named value. Must not appear in any violation. */
public record CardId(long value) {
}
