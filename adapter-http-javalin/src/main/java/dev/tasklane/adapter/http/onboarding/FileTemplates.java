package dev.tasklane.adapter.http.onboarding;

import dev.tasklane.domain.hook.HookName;
import java.util.List;
import java.util.Objects;

/**
 * The two files an agent creates in its project: {@code .stride_auth.md} (server address and token, never
 * committed) and {@code .stride.md} (the shell commands of each hook, one {@code ## <hook>} section each).
 * The client plugin greps the exact {@code **API URL:**} and {@code **API Token:**} lines of the first. The
 * onboarding document quotes both with a token placeholder; the web interface shows them filled in when it issues a
 * token (bootstrap hands it {@link #strideAuthMd(String, String)} and {@link #strideMd()}).
 */
public final class FileTemplates {
    /** The token placeholder the agent replaces with the real token. */
    static final String TOKEN_PLACEHOLDER = "{{YOUR_TOKEN_HERE}}";
    /** Stride's line for the user's e-mail, which the plugin does not read; left out of a file issued with a token. */
    private static final String EMAIL_LINE = "- **User Email:** `{{YOUR_EMAIL}}`";

    private FileTemplates() {
    }

    /** The line the plugin reads the server address from. */
    static String apiUrlLine(String baseUrl) {
        return "- **API URL:** `" + baseUrl + "`";
    }

    /** The line the plugin reads the token from (the first backtick-quoted value). */
    static String apiTokenLine() {
        return "- **API Token:** `" + TOKEN_PLACEHOLDER + "`";
    }

    /**
     * {@code .stride_auth.md} for a freshly issued token, ready to paste: no placeholder is left in it.
     *
     * @param baseUrl the server's public base URL; a trailing slash is dropped
     */
    public static String strideAuthMd(String baseUrl, String token) {
        return strideAuthMd(OnboardingDocument.trimSlash(Objects.requireNonNull(baseUrl, "base url")))
                .replace(TOKEN_PLACEHOLDER, Objects.requireNonNull(token, "token"))
                .replace(EMAIL_LINE + "\n", ""); // nothing left to fill in: the server knows no e-mail addresses
    }

    static String strideAuthMd(String baseUrl) {
        return String.join("\n",
                "# Tasklane API credentials",
                "",
                "Do NOT commit this file: add `.stride_auth.md` to `.gitignore`.",
                "",
                apiUrlLine(baseUrl),
                apiTokenLine(),
                EMAIL_LINE,
                "",
                "Send the token on every call except onboarding: `Authorization: Bearer <API Token>`.",
                "A leaked token must be revoked (DELETE /api/tokens/:id) and replaced.",
                "");
    }

    /** A starter {@code .stride.md} with one section per hook. */
    public static String strideMd() {
        return String.join("\n",
                "# Tasklane hooks",
                "",
                "Each `## <hook>` section holds shell commands run on your machine, in the project root, with the",
                "hook's environment (TASK_IDENTIFIER, TASK_TITLE, ...). A non-zero exit code stops the workflow.",
                "",
                section(HookName.BEFORE_DOING, "git pull --ff-only", "mvn -q -DskipTests compile"),
                section(HookName.AFTER_DOING, "mvn -q verify", "git diff --stat"),
                section(HookName.BEFORE_REVIEW, "git push -u origin HEAD",
                        "gh pr create --fill --title \"$TASK_IDENTIFIER: $TASK_TITLE\""),
                section(HookName.AFTER_REVIEW, "gh pr merge --squash --delete-branch"),
                section(HookName.AFTER_GOAL, "echo \"Goal $GOAL_IDENTIFIER finished\" >> CHANGELOG.md"));
    }

    private static String section(HookName hook, String... commands) {
        StringBuilder out = new StringBuilder("## ").append(hook.code()).append("\n\n```bash\n");
        for (String command : commands) {
            out.append(command).append('\n');
        }
        return out.append("```\n").toString();
    }

    /** {@code file_templates}: both files, and the explanation of their formats. */
    record Section(String strideAuthMd, String strideMd, Formats formats) {
    }

    /** {@code file_templates.formats}: how each file is laid out and read. */
    record Formats(StrideAuthFormat strideAuthMd, StrideFormat strideMd) {
    }

    record StrideAuthFormat(String purpose, String location, List<String> requiredLines, String parsing) {
    }

    record StrideFormat(String purpose, String location, List<String> sections, String execution, String timeouts) {
    }

    /** The section of the onboarding document served from {@code baseUrl}. */
    static Section section(String baseUrl) {
        return new Section(strideAuthMd(baseUrl), strideMd(), formats());
    }

    /** The explanation of both formats. */
    static Formats formats() {
        return new Formats(
                new StrideAuthFormat(
                        "Where the server is and which token to use; read by you and by the client plugin",
                        "project root, listed in .gitignore",
                        List.of("- **API URL:** `<base url>`", apiTokenLine()),
                        "The plugin takes the first http(s) URL on the **API URL:** line and the first "
                                + "backtick-quoted value on the **API Token:** line; keep both lines exactly in "
                                + "this shape"),
                new StrideFormat(
                        "The commands each hook runs; the service never runs them, you do, and you "
                                + "report each result as proof",
                        "project root, committed with the project",
                        java.util.Arrays.stream(HookName.values()).map(h -> "## " + h.code()).toList(),
                        "Run the section's commands in order with bash in the project root, with the "
                                + "hook's env from the API response exported; stop at the first failing command. "
                                + "Report {exit_code, output, duration_ms}. An empty or missing section counts as "
                                + "success with exit_code 0 and empty output.",
                        "Each hook must finish within its timeout (hooks.available_hooks[].timeout)"));
    }
}
