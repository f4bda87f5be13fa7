package dev.tasklane.archfixture.bootstrap;

/** One component too many for a configuration record: must be reported. */
public record WideSettings(int port, String store, String dataDir, String dbUrl, String dbUser, String token,
                           boolean openBoards, String baseUrl) {
}
