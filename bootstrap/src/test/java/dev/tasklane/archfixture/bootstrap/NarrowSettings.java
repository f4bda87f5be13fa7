package dev.tasklane.archfixture.bootstrap;

/** A configuration part of the allowed width: must not be reported. */
public record NarrowSettings(int port, String baseUrl) {
}
