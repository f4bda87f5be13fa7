package dev.tasklane.adapter.web.view;

import java.util.List;
import java.util.Set;

/**
 * The board: filters (kept in the URL), the targets strip (HTML, empty without targets), goals' progress and the
 * four columns. {@code query} is the filter part of the URL, so that the live refresh fetches the same view;
 * {@code awaitingInput} the identifiers of the tasks whose agent awaits an answer.
 */
public record BoardPage(Chrome chrome, List<BoardColumn> columns, List<GoalProgress> goals,
                        List<Option> assignees, List<Option> types, List<Option> priorities, List<Option> goalOptions,
                        List<Option> agents, String text, String query, int shown, int total, boolean canWrite,
                        List<Option> people, Set<String> awaitingInput, String targetsStrip) {
    public BoardPage {
        awaitingInput = Set.copyOf(awaitingInput);
    }

    /** Whether the card's session awaits a person's answer: the card is marked. */
    public boolean awaiting(String identifier) {
        return awaitingInput.contains(identifier);
    }

    public String fragmentHref() {
        return chrome.boardHref() + "/fragment" + (query.isEmpty() ? "" : "?" + query);
    }

    public String eventsHref() {
        return chrome.boardHref() + "/events";
    }

    public boolean filtered() {
        return !query.isEmpty();
    }
}
