package dev.tasklane.client;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/**
 * Where the server is and which token to send. Each value comes from the first source that has it: the
 * {@code --url}/{@code --token} flags, then {@code TASKLANE_URL}/{@code TASKLANE_TOKEN}, then
 * {@code .stride_auth.md} in the working directory.
 */
public record Credentials(URI url, String token) {
    public static final String URL_ENV = "TASKLANE_URL";
    public static final String TOKEN_ENV = "TASKLANE_TOKEN";
    public static final String AUTH_FILE = ".stride_auth.md";

    public static Credentials resolve(String urlFlag, String tokenFlag, Map<String, String> env, Path workDir) {
        StrideAuthFile file = readAuthFile(workDir.resolve(AUTH_FILE));
        String url = firstOf(urlFlag, env.get(URL_ENV), file.url())
                .orElseThrow(() -> new UsageException("No server address: pass --url, set " + URL_ENV
                        + ", or write an **API URL:** line in " + AUTH_FILE));
        String token = firstOf(tokenFlag, env.get(TOKEN_ENV), file.token())
                .orElseThrow(() -> new UsageException("No API token: pass --token, set " + TOKEN_ENV
                        + ", or put the token on the **API Token:** line of " + AUTH_FILE));
        return new Credentials(URI.create(url), token);
    }

    private static Optional<String> firstOf(String flag, String env, Optional<String> file) {
        if (flag != null && !flag.isBlank()) {
            return Optional.of(flag);
        }
        if (env != null && !env.isBlank()) {
            return Optional.of(env);
        }
        return file;
    }

    private static StrideAuthFile readAuthFile(Path path) {
        if (!Files.isRegularFile(path)) {
            return new StrideAuthFile(Optional.empty(), Optional.empty());
        }
        try {
            return StrideAuthFile.parse(Files.readString(path));
        } catch (IOException unreadable) {
            throw new UncheckedIOException("cannot read " + path, unreadable);
        }
    }
}
