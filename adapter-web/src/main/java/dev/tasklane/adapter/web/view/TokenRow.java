package dev.tasklane.adapter.web.view;

/** An API token in the list: never its secret. */
public record TokenRow(long id, String name, String owner, String board, String capabilities, String model,
                       java.util.List<String> scopes, String created, String expires, String lastUsed, String lastAgent,
                       String state, boolean active) {
}
