package dev.tasklane.domain.archive;

import dev.tasklane.domain.error.ErrorDetails;
import dev.tasklane.domain.error.InvalidInputException;
import dev.tasklane.domain.task.ArchiveReason;
import dev.tasklane.domain.validation.Limit;

/**
 * What a caller asks for when archiving: a reason, a note (required for {@link ArchiveReason#needsNote()}) and, for
 * a duplicate, the identifier of the task it duplicates. Checked at construction: an invalid request cannot exist.
 */
public record ArchiveRequest(ArchiveReason reason, String note, String duplicateOf) {
    public static final String INVALID = "invalid_archive";

    public ArchiveRequest {
        if (reason == null) {
            throw invalid("reason", "is required: one of " + ArchiveReason.wireNames());
        }
        note = note == null || note.isBlank() ? null : note.strip();
        duplicateOf = duplicateOf == null || duplicateOf.isBlank() ? null : duplicateOf.strip();
        if (reason.needsNote() && note == null) {
            throw invalid("note", "is required when the reason is " + reason.wire()
                    + ": say why, so that whoever finds it in the archive knows");
        }
        if (!Limit.ARCHIVE_NOTE.fits(note)) {
            throw invalid("note", Limit.ARCHIVE_NOTE.exceeded());
        }
        if (reason == ArchiveReason.DUPLICATE && duplicateOf == null) {
            throw invalid("duplicate_of", "is required when the reason is duplicate: the identifier of the task it "
                    + "duplicates, on this board");
        }
        if (reason != ArchiveReason.DUPLICATE && duplicateOf != null) {
            throw invalid("duplicate_of", "is only for the reason duplicate");
        }
        if (!Limit.LIST_ENTRY.fits(duplicateOf)) {
            throw invalid("duplicate_of", Limit.LIST_ENTRY.exceeded());
        }
    }

    /**
     * Reads a request from its wire values.
     *
     * @throws InvalidInputException for a missing or unknown reason, a missing note, a value past its cap
     */
    public static ArchiveRequest of(String reason, String note, String duplicateOf) {
        if (reason == null || reason.isBlank()) {
            throw invalid("reason", "is required: one of " + ArchiveReason.wireNames());
        }
        ArchiveReason known = ArchiveReason.fromWire(reason.strip()).orElseThrow(() -> invalid("reason",
                "must be one of " + ArchiveReason.wireNames() + ", got '" + abbreviate(reason) + "'"));
        return new ArchiveRequest(known, note, duplicateOf);
    }

    private static String abbreviate(String value) {
        return value.length() <= 40 ? value : value.substring(0, 40) + "…";
    }

    static InvalidInputException invalid(String field, String reason) {
        return new InvalidInputException(INVALID, field + " " + reason, new ErrorDetails.Field(field));
    }
}
