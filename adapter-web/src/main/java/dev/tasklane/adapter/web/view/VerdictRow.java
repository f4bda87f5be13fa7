package dev.tasklane.adapter.web.view;

/** One verdict of the reviewer's structured result: what was checked, its status and the reviewer's note. */
public record VerdictRow(String area, String subject, String status, String note) {
    /** A CSS modifier for the status: good, bad or neutral. */
    public String tone() {
        return switch (status == null ? "" : status) {
            case "met", "passed", "mitigated", "passing", "approved" -> "good";
            case "not_met", "failed", "unmitigated", "failing", "critical", "important" -> "bad";
            default -> "neutral";
        };
    }
}
