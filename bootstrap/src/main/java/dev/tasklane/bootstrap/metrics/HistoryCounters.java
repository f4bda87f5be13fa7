package dev.tasklane.bootstrap.metrics;

import dev.tasklane.application.port.out.WorkflowMetrics;
import dev.tasklane.domain.history.HistoryEntry;
import dev.tasklane.domain.history.HistoryFacts;
import dev.tasklane.domain.task.ReviewStatus;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * Counts the claims, completions, reviews and lease expiries this server committed, from the history entries each
 * use case recorded ({@link WorkflowMetrics}). Every series is registered at start, at zero, so that a rate is defined
 * from the first scrape; the labels take a fixed set of values, none of them from a task.
 */
final class HistoryCounters implements WorkflowMetrics {
    private final Counter claims;
    private final Counter completedDone;
    private final Counter completedToReview;
    private final Map<ReviewStatus, Counter> reviews = new EnumMap<>(ReviewStatus.class);
    private final Counter expiredBySweep;
    private final Counter expiredByClaim;

    HistoryCounters(MeterRegistry registry) {
        claims = Counter.builder("tasklane.claims").description("Claims committed by this server")
                .register(registry);
        completedDone = completions(registry, "done");
        completedToReview = completions(registry, "review");
        for (ReviewStatus decision : List.of(ReviewStatus.APPROVED, ReviewStatus.CHANGES_REQUESTED, ReviewStatus.REJECTED)) {
            reviews.put(decision, Counter.builder("tasklane.reviews")
                    .description("Review decisions committed by this server, by decision")
                    .tag("decision", decision.code()).register(registry));
        }
        expiredBySweep = expiries(registry, "sweep");
        expiredByClaim = expiries(registry, "claim");
    }

    private static Counter completions(MeterRegistry registry, String outcome) {
        return Counter.builder("tasklane.completions")
                .description("Completions committed by this server: straight to Done, or to Review for a person")
                .tag("outcome", outcome).register(registry);
    }

    private static Counter expiries(MeterRegistry registry, String foundBy) {
        return Counter.builder("tasklane.lease.expiries")
                .description("Claims whose lease expired: returned to Ready by the sweeper, or taken over by a new claim")
                .tag("found_by", foundBy).register(registry);
    }

    @Override
    public void committed(List<HistoryEntry> entries) {
        for (HistoryEntry entry : entries) {
            switch (entry.kind()) {
                case CLAIMED -> {
                    claims.increment();
                    if (entry.facts() instanceof HistoryFacts.ReclaimedExpired) {
                        expiredByClaim.increment();
                    }
                }
                case COMPLETED -> completedDone.increment();
                case REVIEW_REQUESTED -> completedToReview.increment();
                case REVIEWED -> {
                    if (entry.facts() instanceof HistoryFacts.Reviewed reviewed) {
                        ReviewStatus.fromCode(reviewed.reviewStatus()).map(reviews::get).ifPresent(Counter::increment);
                    }
                }
                case CLAIM_EXPIRED -> expiredBySweep.increment();
                default -> {
                    // the other kinds are not counted
                }
            }
        }
    }
}
