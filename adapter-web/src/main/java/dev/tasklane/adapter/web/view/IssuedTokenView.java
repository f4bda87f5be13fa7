package dev.tasklane.adapter.web.view;

/** A token just created: its secret, shown this once, and the two files an agent's plugin expects. */
public record IssuedTokenView(String name, String board, String secret, String strideAuthMd, String strideMd) {
}
