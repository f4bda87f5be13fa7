package dev.tasklane.archfixture.domain;

import java.util.List;
import java.util.Set;

/**
 * Breaks idsAreTyped: its own id is a bare long, its board a bare Long, its cards a list of bare numbers, and
 * {@link #moveTo} takes a bare Long. Its typed {@link CardId}, the exempted {@code tokenId} and
 * {@code createdByTokenId}, and its {@code position} (not an id) must not appear in any violation.
 */
public record Lane(long id, Long boardId, CardId top, long tokenId, long createdByTokenId, List<Long> cardIds,
                   long position) {

    /** The same lane on another board. */
    public Lane moveTo(Long targetBoardId) {
        return new Lane(id, targetBoardId, top, tokenId, createdByTokenId, cardIds, position);
    }

    /** Typed: must not be reported. */
    public Set<CardId> typedCardIds() {
        return Set.of(top);
    }
}
