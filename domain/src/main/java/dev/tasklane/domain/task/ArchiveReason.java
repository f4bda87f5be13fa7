package dev.tasklane.domain.task;

import java.util.Arrays;
import java.util.Optional;

/** Why a task was archived; {@link #needsNote()} for the reasons that must say more. */
public enum ArchiveReason {
    COMPLETED("completed", false),
    DUPLICATE("duplicate", false),
    WONT_DO("wont_do", true),
    DEFERRED("deferred", true),
    CANCELLED("cancelled", true);

    private final String wire;
    private final boolean needsNote;

    ArchiveReason(String wire, boolean needsNote) {
        this.wire = wire;
        this.needsNote = needsNote;
    }

    public String code() {
        return wire;
    }

    /** Whether an archive with this reason must carry a note. */
    public boolean needsNote() {
        return needsNote;
    }

    public static Optional<ArchiveReason> fromCode(String value) {
        return Arrays.stream(values()).filter(reason -> reason.wire.equals(value)).findFirst();
    }

    /** The wire names, comma-separated, for messages. */
    public static String wireNames() {
        return String.join(", ", Arrays.stream(values()).map(ArchiveReason::code).toList());
    }
}
