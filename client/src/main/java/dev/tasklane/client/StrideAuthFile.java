package dev.tasklane.client;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The two lines the Stride plugin reads from {@code .stride_auth.md}: the first http(s) URL on the
 * {@code **API URL:**} line and the first backtick-quoted value on the {@code **API Token:**} line. The onboarding
 * template's placeholder {@code {{YOUR_TOKEN_HERE}}} counts as no token.
 */
public record StrideAuthFile(Optional<String> url, Optional<String> token) {
    private static final String URL_MARKER = "**API URL:**";
    private static final String TOKEN_MARKER = "**API Token:**";
    private static final Pattern URL = Pattern.compile("https?://[^\\s`'\"<>)]+");
    private static final Pattern QUOTED = Pattern.compile("`([^`]+)`");

    public static StrideAuthFile parse(String markdown) {
        Optional<String> url = Optional.empty();
        Optional<String> token = Optional.empty();
        for (String line : markdown.split("\\R")) {
            if (url.isEmpty() && line.contains(URL_MARKER)) {
                url = first(URL, line.substring(line.indexOf(URL_MARKER)), 0);
            }
            if (token.isEmpty() && line.contains(TOKEN_MARKER)) {
                token = first(QUOTED, line.substring(line.indexOf(TOKEN_MARKER)), 1)
                        .filter(value -> !(value.startsWith("{{") && value.endsWith("}}")));
            }
        }
        return new StrideAuthFile(url, token);
    }

    private static Optional<String> first(Pattern pattern, String text, int group) {
        Matcher matcher = pattern.matcher(text);
        return matcher.find() ? Optional.of(matcher.group(group).trim()) : Optional.empty();
    }
}
