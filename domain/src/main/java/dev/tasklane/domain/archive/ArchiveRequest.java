package dev.tasklane.domain.archive;

import dev.tasklane.domain.error.ErrorDetails;
import dev.tasklane.domain.error.InvalidInputException;
import dev.tasklane.domain.task.ArchiveReason;
import dev.tasklane.domain.task.InputPart;
import dev.tasklane.domain.task.PartNames;
import dev.tasklane.domain.validation.Limit;

/**
 * What a caller asks for when archiving: a reason, a note (required for {@link ArchiveReason#needsNote()}) and, for
 * a duplicate, the identifier of the task it duplicates. Checked at construction: an invalid request cannot exist.
 */
public record ArchiveRequest(ArchiveReason reason, String note, String duplicateOf) {
    public static final String INVALID = "invalid_archive";

    /** A request built directly; a refusal names the part by its constant ({@code DUPLICATE_OF}). */
    public ArchiveRequest {
        note = blankAsNull(note);
        duplicateOf = blankAsNull(duplicateOf);
        check(reason, note, duplicateOf, InputPart::name);
    }

    private static String blankAsNull(String value) {
        return value == null || value.isBlank() ? null : value.strip();
    }

    private static void check(ArchiveReason reason, String note, String duplicateOf, PartNames names) {
        if (reason == null) {
            throw invalid("reason", "is required: one of " + ArchiveReason.wireNames());
        }
        if (reason.needsNote() && note == null) {
            throw invalid("note", "is required when the reason is " + reason.code()
                    + ": say why, so that whoever finds it in the archive knows");
        }
        if (!Limit.ARCHIVE_NOTE.fits(note)) {
            throw invalid("note", Limit.ARCHIVE_NOTE.exceeded());
        }
        String duplicate = names.of(InputPart.DUPLICATE_OF);
        if (reason == ArchiveReason.DUPLICATE && duplicateOf == null) {
            throw invalid(duplicate, "is required when the reason is duplicate: the identifier of the task it "
                    + "duplicates, on this board");
        }
        if (reason != ArchiveReason.DUPLICATE && duplicateOf != null) {
            throw invalid(duplicate, "is only for the reason duplicate");
        }
        if (!Limit.LIST_ENTRY.fits(duplicateOf)) {
            throw invalid(duplicate, Limit.LIST_ENTRY.exceeded());
        }
    }

    /**
     * Reads a request from the values a caller sent, naming the parts of a refusal by their constants.
     *
     * @throws InvalidInputException for a missing or unknown reason, a missing note, a value past its cap
     */
    public static ArchiveRequest of(String reason, String note, String duplicateOf) {
        return of(reason, note, duplicateOf, InputPart::name);
    }

    /**
     * Reads a request from the values a caller sent; a refusal names each part as {@code names} spells it.
     *
     * @throws InvalidInputException for a missing or unknown reason, a missing note, a value past its cap
     */
    public static ArchiveRequest of(String reason, String note, String duplicateOf, PartNames names) {
        if (reason == null || reason.isBlank()) {
            throw invalid("reason", "is required: one of " + ArchiveReason.wireNames());
        }
        ArchiveReason known = ArchiveReason.fromCode(reason.strip()).orElseThrow(() -> invalid("reason",
                "must be one of " + ArchiveReason.wireNames() + ", got '" + abbreviate(reason) + "'"));
        check(known, blankAsNull(note), blankAsNull(duplicateOf), names);
        return new ArchiveRequest(known, note, duplicateOf);
    }

    private static String abbreviate(String value) {
        return value.length() <= 40 ? value : value.substring(0, 40) + "…";
    }

    static InvalidInputException invalid(String field, String reason) {
        return new InvalidInputException(INVALID, field + " " + reason, new ErrorDetails.Field(field));
    }
}
