package dev.tasklane.adapter.http.wire;

import dev.tasklane.adapter.http.error.ShowFieldsRejectedException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The {@code fields=} projection of one task's answer (docs/api.md, "Projection: fields="): which keys a caller may
 * ask for, how the comma-separated value is read, and why a value is refused. The answer holds the named keys plus
 * {@code id} and {@code identifier}, which are always present.
 */
public final class ShowFields {
    /** The 27 keys that may be named, in the order the answer writes them. */
    public static final List<String> ALLOWED = List.of(
            "id", "identifier", "title", "type", "status", "priority", "complexity", "dependencies",
            "created_by_agent", "parent_id", "claim_expires_at", "needs_review", "review_status", "review_notes",
            "review_report", "workflow_steps", "explorer_result", "reviewer_result", "reviewed_at", "reviewed_by_id",
            "completed_at", "completed_by_id", "completed_by_agent", "completion_summary", "completion_notes",
            "actual_complexity", "actual_files_changed");
    /** Keys every projection carries, whether named or not. */
    public static final List<String> ALWAYS = List.of("id", "identifier");
    /** The error code of a name outside {@link #ALLOWED}. */
    public static final String UNKNOWN = "show_unknown_fields";
    /** The error code of {@code fields} sent as an array or a map ({@code fields[]=x}). */
    public static final String INVALID_SHAPE = "show_invalid_fields_shape";
    /** The error code of {@code fields} sent together with {@code response_view}. */
    public static final String VIEW_CONFLICT = "show_fields_response_view_conflict";
    public static final String SHAPE_MESSAGE = "fields must be a single comma-separated string (for example "
            + "fields=status,needs_review) — array or map shapes like fields[]=x are not accepted";
    public static final String CONFLICT_MESSAGE = "fields cannot be combined with response_view — ask for either a "
            + "projection (fields=status,needs_review) or a view (response_view=slim), not both";
    /**
     * The cap on the number of names in one value (duplicates counted once). Every name past {@link #ALLOWED} is
     * refused anyway; the cap bounds the answer's error list.
     */
    public static final int MAX_NAMES = 100;

    private static final Set<String> ALLOWED_SET = Set.copyOf(ALLOWED);

    private final Set<String> names;

    private ShowFields(Set<String> names) {
        this.names = Collections.unmodifiableSet(names);
    }

    /**
     * Reads a {@code fields} value: names trimmed, empty names dropped, duplicates removed. Empty when the value is
     * blank, which means no projection.
     *
     * @throws ShowFieldsRejectedException one message per name outside {@link #ALLOWED}, in the order sent
     */
    public static java.util.Optional<ShowFields> parse(String value) {
        if (value == null || value.isBlank()) {
            return java.util.Optional.empty();
        }
        Set<String> names = new LinkedHashSet<>();
        for (String part : value.split(",", -1)) {
            String name = part.strip();
            if (!name.isEmpty()) {
                names.add(name);
            }
        }
        if (names.isEmpty()) {
            return java.util.Optional.empty();
        }
        if (names.size() > MAX_NAMES) {
            throw new ShowFieldsRejectedException(UNKNOWN, List.of(new ShowFieldsRejectedException.Problem("fields",
                    "names " + names.size() + " fields: at most " + MAX_NAMES + " allowed (cap MAX_NAMES)")));
        }
        List<ShowFieldsRejectedException.Problem> unknown = new ArrayList<>();
        for (String name : names) {
            if (!ALLOWED_SET.contains(name)) {
                unknown.add(new ShowFieldsRejectedException.Problem(name, name + " is not in the allow-listed fields",
                        true));
            }
        }
        if (!unknown.isEmpty()) {
            throw new ShowFieldsRejectedException(UNKNOWN, unknown);
        }
        return java.util.Optional.of(new ShowFields(names));
    }

    /** {@code fields} given as an array or a map. */
    public static ShowFieldsRejectedException invalidShape() {
        return new ShowFieldsRejectedException(INVALID_SHAPE,
                List.of(new ShowFieldsRejectedException.Problem("fields", SHAPE_MESSAGE)));
    }

    /** {@code fields} and {@code response_view} in one request, whatever their values. */
    public static ShowFieldsRejectedException conflictsWithView() {
        return new ShowFieldsRejectedException(VIEW_CONFLICT,
                List.of(new ShowFieldsRejectedException.Problem("fields", CONFLICT_MESSAGE)));
    }

    /** The keys of the answer, in {@link #ALLOWED} order: the names asked for plus {@link #ALWAYS}. */
    public List<String> keys() {
        List<String> keys = new ArrayList<>();
        for (String name : ALLOWED) {
            if (ALWAYS.contains(name) || names.contains(name)) {
                keys.add(name);
            }
        }
        return List.copyOf(keys);
    }
}
