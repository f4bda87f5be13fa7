package dev.tasklane.archfixture.domain.json;

/** The escape hatch: a value kept as sent may say Object. Must not appear in any violation. */
public record Verbatim(Object value) {
}
