package dev.tasklane.adapter.http;

import dev.tasklane.domain.history.HistoryFacts;

import java.util.LinkedHashMap;
import java.util.Map;

/** The {@code facts} object of a history entry (docs/api.md, task history). */
final class HistoryFactsJson {
    private HistoryFactsJson() {
    }

    /** The facts as the JSON object of the history endpoint, under the names and in the order each shape gives. */
    static Map<String, Object> document(HistoryFacts facts) {
        Map<String, Object> out = new LinkedHashMap<>();
        facts.name(new HistoryFacts.Names() {
            @Override
            public void text(String name, String value) {
                out.put(name, value);
            }

            @Override
            public void number(String name, Long value) {
                out.put(name, value);
            }

            @Override
            public void flag(String name) {
                out.put(name, true);
            }
        });
        return out;
    }
}
