package dev.tasklane.adapter.web.view;

import java.util.List;

/** The views of delivery targets: the board's strip, the list with its form, and a target's page. */
public final class TargetViews {
    private TargetViews() {
    }

    /**
     * One target in the strip or the list: its progress (done, in Review apart, total), its forecast's p85 and its
     * at-risk mark; {@code forecast} says what is known when there is no p85 (being made, too little history).
     */
    public record Item(long id, String name, String href, String due, long done, long inReview, long total,
                       int donePercent, int reviewPercent, String p85, String probability, boolean atRisk,
                       String forecast) {
    }

    /** The strip on the board: every active target, and where to see them all. */
    public record Strip(List<Item> items, String listHref) {
    }

    /** The board's targets, with the form that adds one. */
    public record ListPage(Chrome chrome, List<Item> items, boolean canWrite, String zone) {
    }

    /** A task of the target, as its page lists it. */
    public record TaskRow(String identifier, String title, String href, String column) {
    }

    /**
     * A target's page: progress, the forecast explained (or why there is none), the what-if asked, the burn-up
     * against the date, the forecast's distribution, its tasks and the forms that change it.
     */
    public record TargetPage(Chrome chrome, Item item, String dueDate, String zone, String goals, String tasks,
                             List<String> forecastLines, List<String> assumptions, String refusal, String agents,
                             String reviewers, String burnUpChart, String distributionChart, List<TaskRow> rows,
                             boolean canWrite, boolean archived) {
    }
}
