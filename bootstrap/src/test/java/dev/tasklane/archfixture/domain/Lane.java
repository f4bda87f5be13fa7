package dev.tasklane.archfixture.domain;

/**
 * Breaks idsAreTyped: its own id is a bare long and its board a bare Long. Its typed {@link CardId} and the
 * exempted {@code tokenId} must not appear in any violation.
 */
public record Lane(long id, Long boardId, CardId top, long tokenId) {
}
