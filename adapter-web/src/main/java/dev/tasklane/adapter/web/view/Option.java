package dev.tasklane.adapter.web.view;

/** One choice of a select box. */
public record Option(String value, String label, boolean selected) {
}
