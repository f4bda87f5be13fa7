package dev.tasklane.adapter.web.view;

/** A board as the administration page lists it. */
public record BoardRow(long id, String name) {
}
