package dev.tasklane.adapter.http.wire;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.tasklane.domain.hook.HookName;
import dev.tasklane.domain.workflow.TaskWorkflow.HookProof;
import dev.tasklane.domain.hook.HookProofRejectedException;
import dev.tasklane.domain.hook.HookResult;
import dev.tasklane.domain.hook.HookResultDraft;

import dev.tasklane.domain.error.ErrorDetails;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A hook's proof as the bodies send it, read by {@link BodyChecks#proof}. */
class HookProofChecksTest {
    private static final ObjectMapper TREES = JsonMapper.builder().build();

    /** The proof of a decoded value, as a body's tree holds it. */
    private static HookResult read(HookName hook, Object raw) {
        return BodyChecks.proof(hook, TREES.valueToTree(raw));
    }

    /** A proof read from the wire and judged by the domain's rule, as every route does. */
    private static HookResult verify(HookName hook, Object raw) {
        return HookProof.requirePassed(hook, read(hook, raw));
    }

    private static Map<String, Object> proof(Object exitCode, Object output, Object durationMs) {
        Map<String, Object> map = new HashMap<>();
        map.put("exit_code", exitCode);
        map.put("output", output);
        map.put("duration_ms", durationMs);
        return map;
    }

    private static HookProofRejectedException rejected(HookName hook, Object raw) {
        HookProofRejectedException error = assertThrows(HookProofRejectedException.class, () -> verify(hook, raw));
        assertSame(hook, error.hook());
        assertEquals("hook_validation_failed", error.code());
        assertEquals(new ErrorDetails.Hook(hook.code()), error.details());
        return error;
    }

    @ParameterizedTest
    @EnumSource(HookName.class)
    void aMissingProofIsRequired(HookName hook) {
        assertEquals(hook.code() + " hook result is required", rejected(hook, null).getMessage());
    }

    @ParameterizedTest
    @EnumSource(HookName.class)
    void aNonMapIsRefused(HookName hook) {
        for (Object raw : List.of("exit_code=0", 0, List.of(0, "", 1))) {
            assertEquals(hook.code() + " hook result must be a map", rejected(hook, raw).getMessage());
        }
    }

    static Stream<Arguments> missingKeys() {
        return Arrays.stream(HookName.values()).flatMap(hook -> Stream.of(
                Arguments.of(hook, Map.of("output", "", "duration_ms", 1)),
                Arguments.of(hook, Map.of("exit_code", 0, "duration_ms", 1)),
                Arguments.of(hook, Map.of("exit_code", 0, "output", "")),
                Arguments.of(hook, Map.of())));
    }

    @ParameterizedTest
    @MethodSource("missingKeys")
    void everyKeyIsRequired(HookName hook, Map<String, Object> raw) {
        assertEquals(hook.code() + " hook result must include exit_code, output, and duration_ms fields",
                rejected(hook, raw).getMessage());
    }

    static Stream<Arguments> wrongTypes() {
        return Arrays.stream(HookName.values()).flatMap(hook -> Stream.of(
                Arguments.of(hook, proof("0", "", 1), "exit_code must be an integer"),
                Arguments.of(hook, proof(0.5, "", 1), "exit_code must be an integer"),
                Arguments.of(hook, proof(0.0, "", 1), "exit_code must be an integer"),
                Arguments.of(hook, proof(true, "", 1), "exit_code must be an integer"),
                Arguments.of(hook, proof(null, "", 1), "exit_code must be an integer"),
                Arguments.of(hook, proof(0, 42, 1), "output must be a string"),
                Arguments.of(hook, proof(0, null, 1), "output must be a string"),
                Arguments.of(hook, proof(0, List.of("x"), 1), "output must be a string"),
                Arguments.of(hook, proof(0, "", -1), "duration_ms must be a non-negative integer"),
                Arguments.of(hook, proof(0, "", 1.5), "duration_ms must be a non-negative integer"),
                Arguments.of(hook, proof(0, "", "10"), "duration_ms must be a non-negative integer"),
                Arguments.of(hook, proof(0, "", null), "duration_ms must be a non-negative integer")));
    }

    @ParameterizedTest
    @MethodSource("wrongTypes")
    void wrongTypesAreRefused(HookName hook, Map<String, Object> raw, String problem) {
        String message = rejected(hook, raw).getMessage();
        assertTrue(message.startsWith(hook.code() + " hook result " + problem), message);
    }

    @ParameterizedTest
    @EnumSource(HookName.class)
    void aNonZeroExitBlocksTheFlow(HookName hook) {
        assertEquals(hook.code() + " is a blocking hook and failed with exit code 2. Fix the issues and try again.",
                rejected(hook, proof(2, "tests failed", 300)).getMessage());
        assertEquals(hook.code() + " is a blocking hook and failed with exit code -1. Fix the issues and try again.",
                rejected(hook, proof(-1L, "", 0)).getMessage());
    }

    @ParameterizedTest
    @EnumSource(HookName.class)
    void aValidProofBecomesAHookResult(HookName hook) {
        assertEquals(new HookResult(0, "all green", 1234), verify(hook, proof(0, "all green", 1234)));
        assertEquals(new HookResult(0, "", 0), verify(hook, proof(0L, "", 0L)));
        assertEquals(new HookResult(0, "", 7), verify(hook, proof(BigInteger.ZERO, "", BigInteger.valueOf(7))));
    }

    @Test
    void extraKeysAreTolerated() {
        Map<String, Object> raw = proof(0, "ok", 5);
        raw.put("command", "mix test");
        assertEquals(new HookResult(0, "ok", 5), verify(HookName.AFTER_DOING, raw));
    }

    /** The edge parses the shape; the rule over the typed result judges absence and failure, with the same words. */
    @ParameterizedTest
    @EnumSource(HookName.class)
    void parsingLeavesAbsenceAndFailureToTheTypedRule(HookName hook) {
        assertEquals(null, read(hook, null));
        HookProofRejectedException missing = assertThrows(HookProofRejectedException.class,
                () -> HookProof.requirePassed(hook, null));
        assertEquals(hook.code() + " hook result is required", missing.getMessage());
        assertEquals(rejected(hook, null).getMessage(), missing.getMessage());

        long exit = 1L << 40;
        HookResult failed = read(hook, proof(exit, "tests failed", 300));
        assertEquals(new HookResult(exit, "tests failed", 300), failed);
        HookProofRejectedException refused = assertThrows(HookProofRejectedException.class,
                () -> HookProof.requirePassed(hook, failed));
        assertEquals(hook.code() + " is a blocking hook and failed with exit code " + exit
                + ". Fix the issues and try again.", refused.getMessage());
        assertEquals(rejected(hook, proof(exit, "tests failed", 300)).getMessage(), refused.getMessage());

        HookResult passed = HookResult.success("all green", 12);
        assertSame(passed, HookProof.requirePassed(hook, passed));
    }
}
