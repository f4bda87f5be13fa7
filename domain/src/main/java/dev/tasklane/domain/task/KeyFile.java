package dev.tasklane.domain.task;

/** A file the task expects to modify; two tasks touching the same path never run at once. */
public record KeyFile(String filePath, String note, int position) {
    public KeyFile {
        if (filePath == null || filePath.isBlank()) {
            throw new IllegalArgumentException("file_path is required");
        }
        if (position < 0) {
            throw new IllegalArgumentException("position must be >= 0");
        }
    }
}
