package dev.tasklane.edge;

import dev.tasklane.application.port.in.PartKeys;
import dev.tasklane.domain.history.HistoryFacts;
import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.task.InputPart;
import dev.tasklane.domain.task.TestingStrategy;
import dev.tasklane.domain.task.TextOrList;
import dev.tasklane.domain.validation.CompletionRules;
import dev.tasklane.domain.validation.ReviewerContract;

import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The JSON keys of the domain's documents that more than one adapter writes, so that each is spelled in one place: a
 * testing strategy's parts ({@link TestingStrategy.Part}) and the reviewer result's sections, built on the keys a
 * refusal names each part by ({@link PartKeys}; docs/api.md, "Completion validation"), and a history entry's facts.
 * The HTTP API, the web interface and the stores read and write these keys from here; the domain's values are typed
 * and name no key.
 */
public final class DocumentKeys {
    /** The top-level key of a changed_files snapshot. */
    public static final String CHANGED_FILES = PartKeys.name(InputPart.CHANGED_FILES);
    /** The reviewer result's sections carrying a verdict object, by wire name. */
    public static final List<String> VERDICT_SECTIONS = names(CompletionRules.VERDICT_SECTIONS);
    /** The sections whose failed verdict must name its violation in a note, by wire name. */
    public static final List<String> NOTE_SECTIONS = names(ReviewerContract.NOTE_SECTIONS);
    /** The keys a dispatched reviewer result should carry, by wire name. */
    public static final List<String> STRUCTURED_BLOCKS = names(CompletionRules.STRUCTURED_BLOCKS);

    private static final Map<TestingStrategy.Part, String> STRATEGY = new EnumMap<>(TestingStrategy.Part.class);

    static {
        STRATEGY.put(TestingStrategy.Part.UNIT_TESTS, "unit_tests");
        STRATEGY.put(TestingStrategy.Part.INTEGRATION_TESTS, "integration_tests");
        STRATEGY.put(TestingStrategy.Part.MANUAL_TESTS, "manual_tests");
        STRATEGY.put(TestingStrategy.Part.EDGE_CASES, "edge_cases");
        STRATEGY.put(TestingStrategy.Part.COVERAGE_TARGET, "coverage_target");
    }

    private DocumentKeys() {
    }

    /** The JSON key of a testing strategy's part. */
    public static String name(TestingStrategy.Part part) {
        return STRATEGY.get(part);
    }

    /** A testing strategy's stated parts keyed by JSON key, in the documented order. */
    public static Map<String, TextOrList> testingStrategy(TestingStrategy strategy) {
        Map<String, TextOrList> parts = new LinkedHashMap<>();
        strategy.parts().forEach((part, value) -> parts.put(STRATEGY.get(part), value));
        return parts;
    }

    /** A testing strategy from parts keyed by JSON key; another key is ignored (the parser refuses it first). */
    public static TestingStrategy testingStrategy(Map<String, TextOrList> parts) {
        Map<TestingStrategy.Part, TextOrList> typed = new EnumMap<>(TestingStrategy.Part.class);
        STRATEGY.forEach((part, key) -> {
            TextOrList value = parts.get(key);
            if (value != null) {
                typed.put(part, value);
            }
        });
        return TestingStrategy.of(typed);
    }

    private static List<String> names(List<InputPart> parts) {
        return parts.stream().map(PartKeys::name).toList();
    }

    /**
     * The {@code facts} object of a history entry (docs/api.md, task history): the JSON keys of each
     * {@link HistoryFacts} shape, in their documented order, with text, numbers, and {@code true} for a fact whose
     * presence is the fact. The history endpoint answers it and the JDBI store keeps the same object in
     * {@code task_history.facts}.
     */
    public static Map<String, Object> historyFacts(HistoryFacts facts) {
        Map<String, Object> out = new LinkedHashMap<>();
        if (facts instanceof HistoryFacts.Assignment assignment) {
            out.put("from", UserId.valueOrNull(assignment.from()));
            out.put("to", UserId.valueOrNull(assignment.to()));
            if (assignment.cascadedFrom() != null) {
                out.put("cascaded_from", assignment.cascadedFrom());
            }
            if (assignment.deferredUntilClaimEnds()) {
                out.put("deferred_until_claim_ends", true);
            }
        } else if (facts instanceof HistoryFacts.ReclaimedExpired reclaimed) {
            out.put("reclaimed_expired_claim_of", reclaimed.previousAgent());
        } else if (facts instanceof HistoryFacts.ClaimExpired expired) {
            out.put("expired_at", expired.expiredAt().toString());
        } else if (facts instanceof HistoryFacts.DerivedFromChildren) {
            out.put("derived_from_children", true);
        } else if (facts instanceof HistoryFacts.Reviewed reviewed) {
            out.put("review_status", reviewed.reviewStatus());
        } else if (facts instanceof HistoryFacts.MarkedDone) {
            out.put("bypass", "mark_done");
        } else if (facts instanceof HistoryFacts.AfterGoalReported reported) {
            out.put("exit_code", reported.exitCode());
        } else if (facts instanceof HistoryFacts.GoalCompleted completed) {
            out.put("source", completed.source().code());
        }
        return out;
    }
}
