package dev.tasklane.adapter.http;

import dev.tasklane.application.edge.HistoryFactsKeys;
import dev.tasklane.domain.history.HistoryFacts;

import java.util.Map;

/** The {@code facts} object of a history entry (docs/api.md, task history), keyed at the edge by {@link HistoryFactsKeys}. */
final class HistoryFactsJson {
    private HistoryFactsJson() {
    }

    /** The facts as the JSON object of the history endpoint, under their documented names and order. */
    static Map<String, Object> document(HistoryFacts facts) {
        return HistoryFactsKeys.document(facts);
    }
}
