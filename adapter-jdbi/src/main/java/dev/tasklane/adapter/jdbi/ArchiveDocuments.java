package dev.tasklane.adapter.jdbi;

import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.task.Archive;
import dev.tasklane.domain.task.ArchiveReason;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The {@code archive} document of a task (its {@code archived_at} column is the plain copy the queries filter on).
 * Stored names are this class's; the reason is stored by constant name, instants as ISO-8601 text.
 */
final class ArchiveDocuments {
    private ArchiveDocuments() {
    }

    static String write(Archive archive) {
        if (archive == null) {
            return null;
        }
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("archived_at", archive.archivedAt().toString());
        doc.put("reason", archive.reason().name());
        doc.put("note", archive.note());
        doc.put("duplicate_of", archive.duplicateOf());
        doc.put("archived_by_id", UserId.valueOrNull(archive.archivedById()));
        return JsonText.write(doc);
    }

    static Archive read(String text) {
        Map<String, Object> doc = JsonText.map(text);
        if (doc == null) {
            return null;
        }
        Object by = doc.get("archived_by_id");
        return new Archive(Instant.parse((String) doc.get("archived_at")), ArchiveReason.valueOf((String) doc.get("reason")),
                (String) doc.get("note"), (String) doc.get("duplicate_of"),
                by == null ? null : UserId.of(((Number) by).longValue()));
    }
}
