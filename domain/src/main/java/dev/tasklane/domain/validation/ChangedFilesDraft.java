package dev.tasklane.domain.validation;

import dev.tasklane.domain.task.ChangedFile;
import java.util.List;
import java.util.Objects;

/**
 * A changed_files value as the edge read it, before {@link ChangedFilesRules} judges it: one {@link Entry} per
 * entry sent, in order, and the shape problems that kept an entry (or the whole value) from being typed. The
 * parser that reads the JSON reports those problems here instead of throwing, so that the answer keeps the order
 * docs/rules.md gives ("Changed files": access and claim checks first, then every problem of the snapshot, entry
 * by entry).
 *
 * @param shapeProblem why the value as a whole is not a list of entries (absent, or not a list); null when it is
 * @param entries      the entries sent, in order; empty when {@code shapeProblem} is set
 */
public record ChangedFilesDraft(FieldError shapeProblem, List<Entry> entries) {
    public ChangedFilesDraft {
        entries = List.copyOf(entries);
        if (shapeProblem != null && !entries.isEmpty()) {
            throw new IllegalArgumentException("a value that is not a list has no entries");
        }
    }

    /**
     * One entry as sent.
     *
     * @param file         the entry as a typed file; null when the entry is not an object. A path that was
     *                     missing or not a string is null here, and the rules refuse it.
     * @param shapeProblem what kept the entry from being typed (it is not an object, or its diff is not a string);
     *                     null when nothing did
     */
    public record Entry(ChangedFile file, FieldError shapeProblem) {
        public Entry {
            if (file == null) {
                Objects.requireNonNull(shapeProblem, "an entry that is not a file must say why");
            }
        }
    }

    /** A snapshot built from typed files, as an embedder sends it: nothing to report about its shape. */
    public static ChangedFilesDraft of(List<ChangedFile> files) {
        return new ChangedFilesDraft(null, files.stream().map(file -> new Entry(file, null)).toList());
    }

    /** A value that could not be read as a list of entries. */
    public static ChangedFilesDraft malformed(FieldError problem) {
        return new ChangedFilesDraft(Objects.requireNonNull(problem, "problem"), List.of());
    }
}
