package dev.tasklane.client;

import com.fasterxml.jackson.databind.JsonNode;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.LongSupplier;
import java.util.regex.Pattern;

/**
 * What {@code tasklane agent} tells the task's session by itself (docs/agent-client.md, "Activities"): each hook's
 * start and end with its exit code, the work command's start and end, the command's latest output line at most every
 * {@link #OUTPUT_EVERY}, and the outcome. Posting is best effort: a refused or failed post is a warning once, never a
 * reason to stop the work (a stopped session refuses every post; the stop itself is learned elsewhere).
 *
 * <p>Nothing secret is echoed: every text is cut to {@link #BODY_MAX} characters and the value of every environment
 * variable whose name looks secret (token, secret, password, key, credential, auth), and the agent's own API token,
 * are replaced by {@code [redacted]} first.
 */
final class SessionReporter {
    /** The least time between two posts of the command's output. */
    static final Duration OUTPUT_EVERY = Duration.ofSeconds(3);
    /** Characters of one posted text (the server takes up to 4,000). */
    static final int BODY_MAX = 1_000;
    /** A value shorter than this is not treated as a secret: it would redact ordinary words. */
    static final int SECRET_MIN = 6;
    static final String REDACTED = "[redacted]";
    private static final Pattern SECRET_NAME = Pattern.compile(
            ".*(TOKEN|SECRET|PASSWORD|PASSWD|PASSPHRASE|API_?KEY|PRIVATE_?KEY|ACCESS_?KEY|CREDENTIAL|AUTH).*");

    private final TasklaneClient client;
    private final List<String> secrets;
    private final java.io.PrintStream err;
    private final LongSupplier nanos;
    private boolean warned;

    SessionReporter(TasklaneClient client, List<String> secrets, java.io.PrintStream err, LongSupplier nanos) {
        this.client = client;
        this.secrets = List.copyOf(secrets);
        this.err = err;
        this.nanos = nanos;
    }

    /** The values to redact: of the environment's secret-looking variables, and the token; longest first. */
    static List<String> secretsOf(Map<String, String> env, String token) {
        List<String> values = new ArrayList<>();
        env.forEach((name, value) -> {
            if (value != null && value.length() >= SECRET_MIN
                    && SECRET_NAME.matcher(name.toUpperCase(Locale.ROOT)).matches()) {
                values.add(value);
            }
        });
        if (token != null && !token.isBlank()) {
            values.add(token);
        }
        values.sort(Comparator.comparingInt(String::length).reversed().thenComparing(Comparator.naturalOrder()));
        return values.stream().distinct().toList();
    }

    /** {@code text} with every secret replaced and cut to {@link #BODY_MAX} characters. */
    static String redact(String text, Collection<String> secrets) {
        String safe = text;
        for (String secret : secrets) {
            safe = safe.replace(secret, REDACTED);
        }
        return safe.length() <= BODY_MAX ? safe : safe.substring(0, BODY_MAX - 1) + "…";
    }

    /** Posts one activity of the holder; a refusal is a warning, once. */
    void post(ClaimState held, String kind, String text) {
        String body = redact(text, secrets);
        if (body.isBlank()) {
            return;
        }
        try {
            client.postActivity(Long.toString(held.taskId()), held.claimToken(), kind, body);
        } catch (RuntimeException refused) {
            if (!warned) {
                warned = true;
                String reason = refused instanceof TasklaneApiException api
                        ? code(api.body()) : refused.getMessage();
                err.println("warning: the session of " + held.identifier() + " refused an activity (" + reason
                        + "); the work goes on without reporting");
            }
        }
    }

    private static String code(JsonNode body) {
        return body.path("code").asText("refused");
    }

    /** The hook's start. */
    void hookStarted(ClaimState held, String hook) {
        post(held, "action", "hook " + hook + " started");
    }

    /** The hook's end, with its exit code: an error when it failed. */
    void hookEnded(ClaimState held, String hook, int exitCode, long millis) {
        post(held, exitCode == 0 ? "action" : "error", "hook " + hook + " ended with exit code " + exitCode + " after "
                + millis + " ms");
    }

    /**
     * The command's output, for one run: {@link Lines#accept} keeps the latest line and posts it when
     * {@link #OUTPUT_EVERY} has passed since the last post; {@link Lines#flush} posts a line not posted yet.
     */
    Lines lines(ClaimState held) {
        return new Lines(held);
    }

    final class Lines implements java.util.function.Consumer<String> {
        private final ClaimState held;
        private long lastPost;
        private String pending;

        private Lines(ClaimState held) {
            this.held = held;
            this.lastPost = nanos.getAsLong() - OUTPUT_EVERY.toNanos();
        }

        @Override
        public synchronized void accept(String line) {
            if (line == null || line.isBlank()) {
                return;
            }
            pending = line;
            long now = nanos.getAsLong();
            if (now - lastPost >= OUTPUT_EVERY.toNanos()) {
                lastPost = now;
                String posting = pending;
                pending = null;
                post(held, "progress", "output: " + posting);
            }
        }

        synchronized void flush() {
            if (pending != null) {
                String posting = pending;
                pending = null;
                post(held, "progress", "output: " + posting);
            }
        }
    }
}
