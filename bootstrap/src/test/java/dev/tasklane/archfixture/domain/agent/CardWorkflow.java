package dev.tasklane.archfixture.domain.agent;

/**
 * Breaks scopeIsCheckedOncePerUseCase: the workflow checks the caller's write access again, after the runner. Its
 * rule about the caller against the card ({@code completedBy}) is allowed.
 */
public final class CardWorkflow {
    public String close(String actor, String card) {
        BoardAccess.requireWrite(actor);
        return BoardAccess.completedBy(actor, card) ? card : actor;
    }
}
