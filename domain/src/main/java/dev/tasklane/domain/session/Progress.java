package dev.tasklane.domain.session;

/** How far a piece of work has come: {@code done} of {@code total} (null when the total is unknown). */
public record Progress(long done, Long total) {
    public Progress {
        if (done < 0 || done > SessionLimits.MAX_PROGRESS) {
            throw new IllegalArgumentException("progress done must be within 0.." + SessionLimits.MAX_PROGRESS);
        }
        if (total != null && (total < done || total > SessionLimits.MAX_PROGRESS)) {
            throw new IllegalArgumentException("progress total must be within done.." + SessionLimits.MAX_PROGRESS);
        }
    }
}
