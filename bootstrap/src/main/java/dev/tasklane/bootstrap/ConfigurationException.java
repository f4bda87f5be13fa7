package dev.tasklane.bootstrap;

/** A configuration value that cannot be used; the message names the flag and variable and says what is expected. */
public final class ConfigurationException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public ConfigurationException(String message) {
        super(message);
    }
}
