package dev.tasklane.adapter.web.view;

/** A labelled link; {@code current} marks the page the reader is on. */
public record Link(String label, String href, boolean current) {
}
