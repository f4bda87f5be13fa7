package dev.tasklane.bootstrap;

import java.util.regex.Pattern;

/**
 * Removes secrets from what the server prints: a JDBC URL may carry a password as a parameter
 * ({@code ?password=...}, {@code ;PASSWORD=...}) or as user information ({@code //user:secret@host}).
 */
final class Redaction {
    static final String HIDDEN = "***";
    private static final Pattern PASSWORD_PARAMETER =
            Pattern.compile("(?i)((?:ssl)?(?:password|passwd|pwd|sslkey|sslpassword)\\s*=)[^&;]*");
    private static final Pattern USER_INFO = Pattern.compile("//([^/@:?;]+):[^/@?;]*@");

    private Redaction() {
    }

    /** {@code text} with every password parameter and user-information password replaced by {@value #HIDDEN}. */
    static String secrets(String text) {
        if (text == null) {
            return null;
        }
        String hidden = PASSWORD_PARAMETER.matcher(text).replaceAll("$1" + HIDDEN);
        return USER_INFO.matcher(hidden).replaceAll("//$1:" + HIDDEN + "@");
    }
}
