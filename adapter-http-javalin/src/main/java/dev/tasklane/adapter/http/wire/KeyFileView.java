package dev.tasklane.adapter.http.wire;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.tasklane.domain.task.KeyFile;

/** One entry of a task's {@code key_files}. */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record KeyFileView(String filePath, String note, int position) {
    static KeyFileView of(KeyFile file) {
        return new KeyFileView(file.filePath(), file.note(), file.position());
    }
}
