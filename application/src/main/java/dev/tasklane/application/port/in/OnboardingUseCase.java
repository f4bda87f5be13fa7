package dev.tasklane.application.port.in;

import java.util.Map;

/** GET /api/agent/onboarding: the document that teaches a new agent the whole workflow. */
public interface OnboardingUseCase {
    /** @param baseUrl the server's public base URL ("http://localhost:7070"), written into examples and file templates */
    Map<String, Object> onboarding(String baseUrl);

    /**
     * The two files an agent's plugin expects, ready to paste: {@code .stride_auth.md} with the server's address
     * and {@code token} filled in, and a starter {@code .stride.md} with one section per hook.
     */
    AgentFiles agentFiles(String baseUrl, String token);

    record AgentFiles(String strideAuthMd, String strideMd) {
    }
}
