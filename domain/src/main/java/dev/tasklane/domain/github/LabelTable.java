package dev.tasklane.domain.github;

import dev.tasklane.domain.error.ErrorDetails;
import dev.tasklane.domain.error.InvalidInputException;
import dev.tasklane.domain.task.Capability;
import dev.tasklane.domain.task.Priority;

import java.util.Collection;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * What an issue's labels make of its task: each entry maps a label (compared without case) to
 * {@code priority:<low|medium|high|critical>} or {@code capability:<name>}. The highest priority named by the issue's
 * labels wins (none: medium); every capability named is required. At most {@value #MAX_ENTRIES} entries.
 */
public record LabelTable(Map<String, String> entries) {
    public static final int MAX_ENTRIES = 50;
    public static final int MAX_LABEL = 50;

    /** The table a connection gets unless it sends its own. */
    public static final LabelTable DEFAULT = new LabelTable(defaults());

    public LabelTable {
        if (entries == null) {
            entries = Map.of();
        }
        if (entries.size() > MAX_ENTRIES) {
            throw invalid("at most " + MAX_ENTRIES + " labels");
        }
        Map<String, String> checked = new LinkedHashMap<>();
        entries.forEach((label, meaning) -> {
            String key = label == null ? "" : label.strip().toLowerCase(Locale.ROOT);
            if (key.isEmpty() || key.length() > MAX_LABEL) {
                throw invalid("each label is 1 to " + MAX_LABEL + " characters");
            }
            if (meaning == null || !(meaning.startsWith("priority:") && priorityOf(meaning).isPresent()
                    || meaning.startsWith("capability:") && capabilityOf(meaning).isPresent())) {
                throw invalid("label " + key + " maps to " + meaning + ": use priority:low|medium|high|critical or "
                        + "capability:<name> (" + Capability.ALL_NAMES + ")");
            }
            checked.put(key, meaning);
        });
        entries = java.util.Collections.unmodifiableMap(checked);
    }

    private static InvalidInputException invalid(String message) {
        return new InvalidInputException("invalid_param", "labels: " + message, new ErrorDetails.Field("labels"));
    }

    private static Map<String, String> defaults() {
        Map<String, String> table = new LinkedHashMap<>();
        table.put("critical", "priority:critical");
        table.put("priority: critical", "priority:critical");
        table.put("high", "priority:high");
        table.put("priority: high", "priority:high");
        table.put("low", "priority:low");
        table.put("priority: low", "priority:low");
        table.put("documentation", "capability:documentation");
        table.put("security", "capability:security_analysis");
        table.put("testing", "capability:testing");
        table.put("performance", "capability:performance_optimization");
        table.put("database", "capability:database_design");
        table.put("ui", "capability:ui_implementation");
        return table;
    }

    private static java.util.Optional<Priority> priorityOf(String meaning) {
        return Priority.fromCode(meaning.substring("priority:".length()));
    }

    private static java.util.Optional<Capability> capabilityOf(String meaning) {
        return Capability.fromCode(meaning.substring("capability:".length()));
    }

    /** The highest priority the labels name; medium when none does. */
    public Priority priority(Collection<String> labels) {
        Priority best = null;
        for (String label : labels) {
            String meaning = entries.get(label.strip().toLowerCase(Locale.ROOT));
            if (meaning != null && meaning.startsWith("priority:")) {
                Priority p = priorityOf(meaning).orElseThrow();
                best = best == null || p.rank() > best.rank() ? p : best;
            }
        }
        return best == null ? Priority.MEDIUM : best;
    }

    /** Every capability the labels name. */
    public Set<Capability> capabilities(Collection<String> labels) {
        Set<Capability> found = EnumSet.noneOf(Capability.class);
        for (String label : labels) {
            String meaning = entries.get(label.strip().toLowerCase(Locale.ROOT));
            if (meaning != null && meaning.startsWith("capability:")) {
                found.add(capabilityOf(meaning).orElseThrow());
            }
        }
        return found;
    }

    /** The table as stored: one {@code label<TAB>meaning} line per entry. */
    public String stored() {
        StringBuilder text = new StringBuilder();
        entries.forEach((label, meaning) -> text.append(label).append('\t').append(meaning).append('\n'));
        return text.toString();
    }

    /** A table read back from {@link #stored()}. */
    public static LabelTable ofStored(String text) {
        Map<String, String> table = new LinkedHashMap<>();
        if (text != null) {
            for (String line : text.split("\n")) {
                int tab = line.indexOf('\t');
                if (tab > 0) {
                    table.put(line.substring(0, tab), line.substring(tab + 1));
                }
            }
        }
        return new LabelTable(table);
    }
}
