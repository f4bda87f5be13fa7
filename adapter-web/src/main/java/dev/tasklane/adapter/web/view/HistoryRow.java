package dev.tasklane.adapter.web.view;

/** One line of a task's history. */
public record HistoryRow(String at, String what, String who, String details) {
}
