package dev.tasklane.adapter.web.view;

/** A task waiting in Review: who did it, how long it has waited and how big its diff is. */
public record ReviewRow(String identifier, String title, String href, String agent, String waiting, int files,
                        int added, int removed, String reviewStatus) {
}
