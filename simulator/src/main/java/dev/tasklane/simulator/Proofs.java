package dev.tasklane.simulator;

import dev.tasklane.domain.hook.HookResult;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The request bodies a well-behaved agent sends: passing hook results, and a completion report with the
 * skipped forms of explorer_result and reviewer_result (valid in strict mode too).
 */
final class Proofs {
    private static final String EXPLORER_SUMMARY = "Explored the key files and their callers inline before changing them";
    private static final String REVIEWER_SUMMARY = "Reviewed the diff against the acceptance criteria inline, nothing open";

    private Proofs() {
    }

    /** A hook result with exit code 0, as a completion body carries it. */
    static Map<String, Object> passingHook(String hook) {
        return Map.of("exit_code", 0, "output", hook + " passed", "duration_ms", 40);
    }

    /** The same passing hook result, typed, as the claim and mark_reviewed commands take it. */
    static HookResult passed(String hook) {
        return HookResult.success(hook + " passed", 40);
    }

    /** A complete body; {@code claimToken} fences the lease when not null. */
    static Map<String, Object> completion(String agentName, String claimToken) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("agent_name", agentName);
        if (claimToken != null) {
            body.put("claim_token", claimToken);
        }
        body.put("time_spent_minutes", 20);
        body.put("actual_complexity", "small");
        body.put("completion_summary", "Made the change and ran the verification steps");
        body.put("actual_files_changed", "src/Main.java");
        body.put("after_doing_result", passingHook("after_doing"));
        body.put("before_review_result", passingHook("before_review"));
        body.put("explorer_result", Map.of("dispatched", false, "reason", "self_reported_exploration", "summary", EXPLORER_SUMMARY));
        body.put("reviewer_result", Map.of("dispatched", false, "reason", "self_reported_review", "summary", REVIEWER_SUMMARY));
        return body;
    }
}
