package dev.tasklane.adapter.web.view;

/** A goal's progress: children done out of all. */
public record GoalProgress(String identifier, String title, String href, int done, int total) {
    public int percent() {
        return total == 0 ? 0 : Math.round(100f * done / total);
    }
}
