package dev.tasklane.adapter.jdbi.testing;

import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.platform.commons.support.AnnotationSupport;

import java.util.Optional;

/**
 * The condition behind {@link RequiresPostgres}: decides, before a class's or method's set-up runs, whether the
 * test PostgreSQL is there (asked once per test JVM), and while an annotated class or method runs, lets
 * {@link TestPostgres} hand out the database.
 */
public final class PostgresCondition implements ExecutionCondition, BeforeAllCallback, AfterAllCallback,
        BeforeEachCallback, AfterEachCallback {
    /** How many annotated scopes (class, method) are running now; tests run one at a time per JVM. */
    private static volatile int openScopes;

    @Override
    public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
        if (!annotated(context)) {
            return ConditionEvaluationResult.enabled("does not need PostgreSQL");
        }
        Optional<String> unreachable = TestPostgres.unreachableReason();
        if (unreachable.isEmpty()) {
            return ConditionEvaluationResult.enabled("PostgreSQL is reachable");
        }
        if (TestPostgres.requiredByCi()) {
            throw new IllegalStateException("CI=true and " + unreachable.get());
        }
        return ConditionEvaluationResult.disabled("Skipped: " + unreachable.get());
    }

    @Override
    public void beforeAll(ExtensionContext context) {
        open(context);
    }

    @Override
    public void afterAll(ExtensionContext context) {
        close(context);
    }

    @Override
    public void beforeEach(ExtensionContext context) {
        open(context);
    }

    @Override
    public void afterEach(ExtensionContext context) {
        close(context);
    }

    /** Whether an annotated class or method is running, so the database may be handed out. */
    static boolean granted() {
        return openScopes > 0;
    }

    private static synchronized void open(ExtensionContext context) {
        if (annotated(context)) {
            openScopes++;
        }
    }

    private static synchronized void close(ExtensionContext context) {
        if (annotated(context)) {
            openScopes--;
        }
    }

    private static boolean annotated(ExtensionContext context) {
        return context.getElement().map(element -> AnnotationSupport.isAnnotated(element, RequiresPostgres.class))
                .orElse(false)
                || context.getTestClass().map(type -> AnnotationSupport.isAnnotated(type, RequiresPostgres.class))
                .orElse(false);
    }
}
