package dev.tasklane.adapter.web.view;

/** One line of the acceptance criteria, ticked once the task is done. */
public record Criterion(String text, boolean met) {
}
