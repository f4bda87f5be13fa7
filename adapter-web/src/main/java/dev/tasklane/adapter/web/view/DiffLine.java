package dev.tasklane.adapter.web.view;

/**
 * One line of a file's diff. {@code kind} is one of {@code add}, {@code del}, {@code ctx}, {@code hunk},
 * {@code meta} (file headers) and {@code marker} (the truncation marker); {@code sign} is the leading
 * {@code +}, {@code -} or space, shown apart from the text so that a screen reader and a copy get both.
 */
public record DiffLine(String kind, String oldNumber, String newNumber, String sign, String text) {
}
