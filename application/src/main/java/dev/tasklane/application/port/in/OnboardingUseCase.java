package dev.tasklane.application.port.in;

import java.util.Map;

/** GET /api/agent/onboarding: the document that teaches a new agent the whole workflow. */
public interface OnboardingUseCase {
    /** @param baseUrl the server's public base URL ("http://localhost:7070"), written into examples and file templates */
    Map<String, Object> onboarding(String baseUrl);
}
