package dev.tasklane.adapter.web.view;

/** What went wrong and where to go from here. */
public record ErrorPage(Chrome chrome, int status, String heading, String message, String back) {
}
