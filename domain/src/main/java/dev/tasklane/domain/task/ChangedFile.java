package dev.tasklane.domain.task;


/**
 * One entry of a task's changed_files snapshot (docs/api.md, "Changed files"): a file the agent changed and its
 * unified diff. The snapshot is stored as sent, so the keys no rule names ride along in {@link #unknownKeys()}.
 *
 * @param path        the file's path relative to the repository root; the rules in
 *                    {@code dev.tasklane.domain.validation.ChangedFilesRules} decide whether it is acceptable
 * @param diff        the unified diff, the binary placeholder, or a diff cut at the truncation marker; null when
 *                    the agent sent none
 * @param unknownKeys every other key of the entry, as sent
 */
public record ChangedFile(String path, String diff, UnknownKeys unknownKeys) {
    public ChangedFile {
        unknownKeys = unknownKeys == null ? UnknownKeys.NONE : unknownKeys;
    }

    /** A file with a diff and nothing else. */
    public static ChangedFile of(String path, String diff) {
        return new ChangedFile(path, diff, UnknownKeys.NONE);
    }
}
