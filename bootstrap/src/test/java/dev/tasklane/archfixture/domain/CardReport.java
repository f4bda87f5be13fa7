package dev.tasklane.archfixture.domain;

import java.util.List;
import java.util.Map;

/**
 * Breaks typedDomainRecordsCarryNoDecodedJson: a report that keeps decoded JSON (a map of objects, a list of
 * objects) where typed values belong. {@link Step} is typed and must not be reported.
 */
public record CardReport(String summary, Map<String, Object> extra, List<Object> steps) {

    /** A typed step: a name and a duration. */
    public record Step(String name, long durationMs) {
    }
}
