package dev.tasklane.bootstrap;

import dev.tasklane.adapter.jdbi.Database;
import dev.tasklane.application.service.Tasklane;
import dev.tasklane.domain.validation.CompletionMode;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tasklane.domain.workflow.WorkflowLimits;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MainConfigurationTest {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private Main.Configured configure(Map<String, String> env, String... args) {
        return new Main(env, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8)).configure(args);
    }

    private String errors() {
        return err.toString(StandardCharsets.UTF_8);
    }

    @Test
    void defaultsWithNoFlagsAndNoVariables() {
        ServerConfig config = configure(Map.of()).config();
        assertEquals(HttpConfig.DEFAULT_PORT, config.http().port());
        assertEquals(StoreKind.H2, config.store().kind());
        assertEquals(Path.of("./tasklane-data"), config.store().dataDir());
        assertEquals(CompletionMode.GRACE, config.workflow().completionValidation());
        assertEquals(WorkflowLimits.DEFAULT_CLAIM_TTL, config.workflow().claimTtl());
        assertEquals(WorkflowLimits.DEFAULT_AFTER_GOAL_GRACE, config.workflow().afterGoalGrace());
        assertEquals("http://localhost:7070", config.http().baseUrl());
        assertNull(config.access().bootstrapToken());
    }

    @Test
    void serveIsTheDefaultCommandAndMayBeNamed() {
        assertTrue(configure(Map.of(), "serve").serve());
        Main.Configured unknown = configure(Map.of(), "launch");
        assertEquals(Main.USAGE, unknown.exitCode());
        assertTrue(errors().contains("serve"));
    }

    @Test
    void variablesApplyWhenNoFlagIsGiven() {
        ServerConfig config = configure(Map.of("TASKLANE_PORT", "8081", "TASKLANE_STORE", "memory",
                "TASKLANE_COMPLETION_VALIDATION", "strict", "TASKLANE_CLAIM_TTL", "15",
                "TASKLANE_AFTER_GOAL_GRACE", "500ms", "TASKLANE_BOOTSTRAP_TOKEN", AccessConfigurationTest.VALID_TOKEN,
                "TASKLANE_BASE_URL", "https://tasks.example.com/", "TASKLANE_DATA_DIR", "/var/lib/tasklane")).config();
        assertEquals(8081, config.http().port());
        assertEquals(CompletionMode.STRICT, config.workflow().completionValidation());
        assertEquals(Duration.ofMinutes(15), config.workflow().claimTtl());
        assertEquals(Duration.ofMillis(500), config.workflow().afterGoalGrace());
        assertEquals(AccessConfigurationTest.VALID_TOKEN, config.access().bootstrapToken());
        assertEquals("https://tasks.example.com", config.http().baseUrl());
        assertEquals(Path.of("/var/lib/tasklane"), config.store().dataDir());
    }

    @Test
    void flagsWinOverVariables() {
        ServerConfig config = configure(Map.of("TASKLANE_PORT", "8081", "TASKLANE_CLAIM_TTL", "15",
                "TASKLANE_COMPLETION_VALIDATION", "strict"),
                "--port", "9090", "--claim-ttl", "30", "--completion-validation", "grace").config();
        assertEquals(9090, config.http().port());
        assertEquals(Duration.ofMinutes(30), config.workflow().claimTtl());
        assertEquals(CompletionMode.GRACE, config.workflow().completionValidation());
        assertEquals("http://localhost:9090", config.http().baseUrl());
    }

    @Test
    void badFlagValueNamesTheFlagAndExitsWithTwo() {
        Main.Configured configured = configure(Map.of(), "--port", "seventy");
        assertEquals(2, configured.exitCode());
        assertTrue(errors().contains("--port") && errors().contains("seventy"), errors());
    }

    @Test
    void badVariableValueNamesTheVariable() {
        Main.Configured configured = configure(Map.of("TASKLANE_COMPLETION_VALIDATION", "lenient"));
        assertEquals(Main.USAGE, configured.exitCode());
        assertTrue(errors().contains("TASKLANE_COMPLETION_VALIDATION") && errors().contains("grace or strict"),
                errors());
    }

    @Test
    void outOfRangeAndMalformedValuesAreRefused() {
        assertEquals(Main.USAGE, configure(Map.of("TASKLANE_PORT", "70000")).exitCode());
        assertEquals(Main.USAGE, configure(Map.of("TASKLANE_CLAIM_TTL", "0")).exitCode());
        assertEquals(Main.USAGE, configure(Map.of("TASKLANE_AFTER_GOAL_GRACE", "soon")).exitCode());
        assertEquals(Main.USAGE, configure(Map.of("TASKLANE_BASE_URL", "ftp://x")).exitCode());
        assertEquals(Main.USAGE, configure(Map.of("TASKLANE_STORE", "redis")).exitCode());
    }

    @Test
    void aDatabaseUrlChoosesItsStore() {
        ServerConfig postgres = configure(Map.of("TASKLANE_DB_URL", "jdbc:postgresql://db:5432/tasklane",
                "TASKLANE_DB_USER", "tasklane")).config();
        assertEquals(StoreKind.POSTGRES, postgres.store().kind());
        assertEquals("jdbc:postgresql://db:5432/tasklane", postgres.store().dbUrl());
        assertEquals("tasklane", postgres.store().dbUser());
        assertEquals(StoreKind.H2, configure(Map.of(), "--db-url", "jdbc:h2:file:/tmp/x").config().store().kind());
        assertEquals(StoreKind.MEMORY, configure(Map.of(), "--store", "memory").config().store().kind());
    }

    @Test
    void storeAndUrlMustAgree() {
        assertEquals(Main.USAGE, configure(Map.of(), "--store", "postgres").exitCode());
        assertTrue(errors().contains("needs a database URL"), errors());
        assertEquals(Main.USAGE, configure(Map.of(), "--store", "memory", "--db-url", "jdbc:postgresql://db/t").exitCode());
        assertTrue(errors().contains("drop one of the two"), errors());
        assertEquals(Main.USAGE, configure(Map.of("TASKLANE_DB_URL", "mysql://db/t")).exitCode());
        assertTrue(errors().contains("jdbc:postgresql://"), errors());
    }

    /** docs/configuration.md, "Connection pool and next's offers". */
    @Test
    void poolSizeAndNextOfferAreSettings() {
        ServerConfig defaults = configure(Map.of()).config();
        assertEquals(Database.DEFAULT_POOL_SIZE, defaults.store().dbPoolSize());
        assertEquals(Tasklane.DEFAULT_NEXT_OFFER, defaults.workflow().nextOffer());

        ServerConfig set = configure(Map.of("TASKLANE_DB_POOL_SIZE", "24", "TASKLANE_NEXT_OFFER", "0")).config();
        assertEquals(24, set.store().dbPoolSize());
        assertEquals(Duration.ZERO, set.workflow().nextOffer(), "0 turns offers off");
        assertEquals(40, configure(Map.of("TASKLANE_DB_POOL_SIZE", "24"), "--db-pool-size", "40").config()
                .store().dbPoolSize());
        assertEquals(Duration.ofMillis(1500), configure(Map.of(), "--next-offer", "1500ms").config().workflow().nextOffer());

        assertEquals(Main.USAGE, configure(Map.of("TASKLANE_DB_POOL_SIZE", "0")).exitCode());
        assertTrue(errors().contains("TASKLANE_DB_POOL_SIZE"), errors());
        assertEquals(Main.USAGE, configure(Map.of(), "--db-pool-size", "many").exitCode());
        assertEquals(Main.USAGE, configure(Map.of("TASKLANE_NEXT_OFFER", "soon")).exitCode());
    }

    /** docs/configuration.md, "Connection pool and next's offers": next's snapshot lifetime. */
    @Test
    void theNextSnapshotLifetimeIsASetting() {
        assertEquals(StoreConfig.DEFAULT_NEXT_CACHE, configure(Map.of()).config().store().nextCache());
        assertEquals(Duration.ZERO, configure(Map.of("TASKLANE_NEXT_CACHE", "0")).config().store().nextCache(),
                "0 reads the candidates on every next");
        assertEquals(Duration.ofMillis(250), configure(Map.of("TASKLANE_NEXT_CACHE", "2s"), "--next-cache", "250ms")
                .config().store().nextCache());
        assertEquals(Main.USAGE, configure(Map.of("TASKLANE_NEXT_CACHE", "soon")).exitCode());
        assertTrue(errors().contains("TASKLANE_NEXT_CACHE"), errors());
    }

    /** docs/configuration.md: the stuck time of the agents page and GET /api/metrics. */
    @Test
    void theStuckTimeIsASetting() {
        assertEquals(java.time.Duration.ofMinutes(30), configure(Map.of()).config().workflow().stuckAfter());
        assertEquals(java.time.Duration.ofMinutes(45), configure(Map.of("TASKLANE_STUCK_AFTER", "45m")).config()
                .workflow().flowSettings().stuckAfter());
        assertEquals(java.time.Duration.ofSeconds(90), configure(Map.of(), "--stuck-after", "90s").config().workflow().stuckAfter());
        assertEquals(Main.USAGE, configure(Map.of("TASKLANE_STUCK_AFTER", "0")).exitCode());
        assertTrue(errors().contains("TASKLANE_STUCK_AFTER"), errors());
    }

    /** docs/configuration.md: a web session's absolute lifetime beside the idle one. */
    @Test
    void theSessionsAbsoluteLifetimeIsASetting() {
        assertEquals(java.time.Duration.ofDays(7), configure(Map.of()).config().web().signIn().sessionMaxAge());
        assertEquals(java.time.Duration.ofHours(12), configure(Map.of("TASKLANE_SESSION_MAX_AGE", "12h")).config()
                .web().signIn().sessionMaxAge());
        assertEquals(java.time.Duration.ofDays(1), configure(Map.of(), "--session-max-age", "1d").config().web()
                .signIn().sessionMaxAge());
        assertEquals(Main.USAGE, configure(Map.of("TASKLANE_SESSION_MAX_AGE", "soon")).exitCode());
        assertTrue(errors().contains("TASKLANE_SESSION_MAX_AGE"), errors());
    }

    /** docs/configuration.md: the stop's grace period and a session's stale time (docs/rules.md, "Sessions"). */
    @Test
    void theStopGraceAndTheSessionStaleTimeAreSettings() {
        assertEquals(Duration.ofMinutes(2), configure(Map.of()).config().workflow().sessionLimits().stopGrace());
        assertEquals(Duration.ofMinutes(30), configure(Map.of()).config().workflow().sessionLimits().staleAfter());
        assertEquals(Duration.ofSeconds(30), configure(Map.of("TASKLANE_STOP_GRACE", "30s")).config().workflow()
                .sessionLimits().stopGrace());
        assertEquals(Duration.ofMinutes(10), configure(Map.of(), "--session-stale", "10m").config().workflow()
                .sessionLimits().staleAfter());
        assertEquals(Main.USAGE, configure(Map.of("TASKLANE_STOP_GRACE", "0")).exitCode());
        assertTrue(errors().contains("TASKLANE_STOP_GRACE"), errors());
    }

    @Test
    void unknownFlagIsAUsageError() {
        assertEquals(Main.USAGE, configure(Map.of(), "--colour").exitCode());
        assertTrue(errors().contains("--colour"), errors());
    }

    @Test
    void helpListsEveryFlag() {
        assertEquals(Main.OK, configure(Map.of(), "--help").exitCode());
        String help = out.toString(StandardCharsets.UTF_8);
        for (String flag : new String[] {"--port", "--store", "--data-dir", "--db-url", "--db-user", "--db-password",
                "--bootstrap-token", "--completion-validation", "--claim-ttl", "--after-goal-grace", "--base-url",
                "--db-pool-size", "--next-offer", "--next-cache"}) {
            assertTrue(help.contains(flag), flag);
        }
        assertEquals("TASKLANE_AFTER_GOAL_GRACE", ConfigResolver.variableOf("--after-goal-grace"));
    }
}
