package dev.tasklane.archfixture.domain;

/**
 * Obeys idsAreTyped: a type listed as an owner of an untyped id, so its own {@code id} (and the {@code newId} of
 * {@link #withId}) may stay a bare number. Must not appear in any violation.
 */
public record Token(long id, CardId card) {

    /** The same token under the id the store assigned. */
    public Token withId(long newId) {
        return new Token(newId, card);
    }
}
