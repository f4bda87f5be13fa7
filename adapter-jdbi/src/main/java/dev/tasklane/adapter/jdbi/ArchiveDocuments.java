package dev.tasklane.adapter.jdbi;

import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.task.Archive;
import dev.tasklane.domain.task.ArchiveReason;

import java.time.Instant;

/**
 * The {@code archive} document of a task (its {@code archived_at} column is the plain copy the queries filter on).
 * Stored names are the record's; the reason is stored by constant name, instants as ISO-8601 text.
 */
final class ArchiveDocuments {
    private static final ObjectReader READER = JsonText.reader(ArchiveDocument.class);

    private ArchiveDocuments() {
    }

    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    record ArchiveDocument(String archivedAt, String reason, String note, String duplicateOf, Long archivedById) {
    }

    static String write(Archive archive) {
        return archive == null ? null : JsonText.write(new ArchiveDocument(archive.archivedAt().toString(),
                archive.reason().name(), archive.note(), archive.duplicateOf(),
                UserId.valueOrNull(archive.archivedById())));
    }

    static Archive read(String text) {
        ArchiveDocument doc = JsonText.read(READER, text);
        return doc == null ? null : new Archive(Instant.parse(doc.archivedAt()), ArchiveReason.valueOf(doc.reason()),
                doc.note(), doc.duplicateOf(), doc.archivedById() == null ? null : UserId.of(doc.archivedById()));
    }
}
