package dev.tasklane.archfixture.adapter.mcp;

import dev.tasklane.archfixture.adapter.http.ApiCalls;
import dev.tasklane.archfixture.adapter.http.CardController;

/**
 * Breaks adaptersDoNotDependOnEachOther and mcpAdapterUsesOnlyItsLibraries: it holds the HTTP adapter's
 * controller. Its use of the seam {@link ApiCalls} (and {@link ApiCalls.Answer}) is allowed.
 */
public final class ToolBridge {
    private final ApiCalls calls = new ApiCalls();
    private final CardController controller = new CardController();

    public int run() {
        ApiCalls.Answer answer = calls.call();
        return answer.status() + controller.hashCode();
    }
}
