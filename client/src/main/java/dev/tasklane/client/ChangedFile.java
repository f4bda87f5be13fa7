package dev.tasklane.client;

/** One entry of the changed_files snapshot: a repository-relative path and its unified diff (possibly capped). */
public record ChangedFile(String path, String diff) {
}
