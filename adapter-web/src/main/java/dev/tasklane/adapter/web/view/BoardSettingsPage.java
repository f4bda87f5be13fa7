package dev.tasklane.adapter.web.view;

import java.util.List;

/**
 * A board's settings: its name and the WIP limit on Doing ({@code doingLimit} is "" for none), what holds Doing now,
 * and whether the reader may change them (owners and admins).
 */
public record BoardSettingsPage(Chrome chrome, String name, String doingLimit, List<String> doing, boolean canChange,
                                int maxLimit) {
    public BoardSettingsPage {
        doing = List.copyOf(doing);
    }
}
