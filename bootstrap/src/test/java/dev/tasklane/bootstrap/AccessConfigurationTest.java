package dev.tasklane.bootstrap;

import dev.tasklane.application.service.Secrets;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The access settings: the bootstrap token's format is checked at start-up without
 * echoing it, the server hashes passwords at the production cost, no database password reaches the banner,
 * and TASKLANE_OPEN_BOARDS / TASKLANE_TRUSTED_PROXY_HEADER are read.
 */
class AccessConfigurationTest {
    static final String VALID_TOKEN = "tasklane_" + "a".repeat(Secrets.MIN_TOKEN_SECRET_CHARS);

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private Main.Configured configure(Map<String, String> env, String... args) {
        return new Main(env, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8)).configure(args);
    }

    @Test
    void aBootstrapTokenOfTheWrongFormatStopsTheStartWithoutBeingPrinted() {
        for (String bad : new String[] {"short", "tasklane_tooShort123", "tasklane_" + "b".repeat(42),
                "tasklane_" + "c".repeat(50) + "+/", "TASKLANE_" + "d".repeat(50)}) {
            err.reset();
            Main.Configured configured = configure(Map.of("TASKLANE_BOOTSTRAP_TOKEN", bad));
            assertEquals(Main.USAGE, configured.exitCode(), bad);
            String message = err.toString(StandardCharsets.UTF_8);
            assertTrue(message.contains("TASKLANE_BOOTSTRAP_TOKEN") && message.contains("bootstrap token"), message);
            assertFalse(message.contains(bad), "the secret is not echoed: " + message);
        }
        assertEquals(VALID_TOKEN, configure(Map.of("TASKLANE_BOOTSTRAP_TOKEN", VALID_TOKEN)).config().access().bootstrapToken());
        assertEquals(Main.USAGE, configure(Map.of(), "--bootstrap-token", "tasklane_x").exitCode());
    }

    @Test
    void openBoardsAndTheTrustedProxyHeaderAreNamedSettings() {
        ServerConfig defaults = configure(Map.of()).config();
        assertFalse(defaults.access().openBoards());
        assertNull(defaults.http().trustedProxyHeader());
        ServerConfig set = configure(Map.of("TASKLANE_OPEN_BOARDS", "true", "TASKLANE_TRUSTED_PROXY_HEADER", "X-Forwarded-For")).config();
        assertTrue(set.access().openBoards());
        assertEquals("X-Forwarded-For", set.http().trustedProxyHeader());
        assertTrue(configure(Map.of(), "--open-boards", "yes").config().access().openBoards());
        assertEquals(Main.USAGE, configure(Map.of("TASKLANE_OPEN_BOARDS", "sometimes")).exitCode());
        assertEquals(Main.USAGE, configure(Map.of("TASKLANE_TRUSTED_PROXY_HEADER", "X Forwarded: For")).exitCode());
    }

    @Test
    void theWebsFormerTrustProxySwitchIsRefusedWithTheOneSettingThatReplacedIt() {
        for (Main.Configured refused : new Main.Configured[] {configure(Map.of("TASKLANE_TRUST_PROXY", "true")),
                configure(Map.of(), "--trust-proxy", "true")}) {
            assertEquals(Main.USAGE, refused.exitCode());
        }
        String message = err.toString(StandardCharsets.UTF_8);
        assertTrue(message.contains("TASKLANE_TRUSTED_PROXY_HEADER") && message.contains("Remove TASKLANE_TRUST_PROXY")
                && message.contains("Remove --trust-proxy"), message);
    }

    @Test
    void theServerHashesPasswordsAtOwaspsFigure() {
        ServerConfig config = configure(Map.of("TASKLANE_STORE", "memory", "TASKLANE_PORT", "0")).config();
        Server.Started started = Server.start(config);
        try {
            String hash = started.bootstrap().admin().passwordHash();
            assertTrue(hash.startsWith("pbkdf2-sha256$" + Secrets.PBKDF2_ITERATIONS + "$"), hash);
            assertEquals(600_000, Secrets.PBKDF2_ITERATIONS, "OWASP Password Storage Cheat Sheet, PBKDF2-HMAC-SHA256");
            assertTrue(Secrets.passwordMatches(started.bootstrap().adminPassword(), hash));
            assertFalse(Secrets.needsRehash(hash, Secrets.PBKDF2_ITERATIONS));
        } finally {
            started.server().close();
        }
    }

    @Test
    void databasePasswordsNeverReachWhatIsPrinted() {
        Map<String, String> urls = Map.of(
                "jdbc:postgresql://db:5432/tasklane?user=t&password=hunter2&ssl=true",
                "jdbc:postgresql://db:5432/tasklane?user=t&password=***&ssl=true",
                "jdbc:postgresql://t:hunter2@db:5432/tasklane", "jdbc:postgresql://t:***@db:5432/tasklane",
                "jdbc:h2:file:/data/x;USER=sa;PASSWORD=hunter2;MODE=PostgreSQL", "jdbc:h2:file:/data/x;USER=sa;PASSWORD=***;MODE=PostgreSQL",
                "jdbc:postgresql://db/t?sslpassword=hunter2", "jdbc:postgresql://db/t?sslpassword=***",
                "jdbc:postgresql://db:5432/tasklane", "jdbc:postgresql://db:5432/tasklane");
        urls.forEach((url, shown) -> {
            assertEquals(shown, Redaction.secrets(url));
            assertFalse(Redaction.secrets("cannot connect to " + url).contains("hunter2"));
        });
    }

    @Test
    void theResolvedConfigurationNeverPrintsItsSecrets() {
        String secret = "correct-horse-battery";
        ServerConfig config = configure(Map.of("TASKLANE_BOOTSTRAP_TOKEN", VALID_TOKEN, "TASKLANE_DB_PASSWORD", secret,
                "TASKLANE_DB_URL", "jdbc:postgresql://db:5432/tasklane?password=" + secret)).config();
        assertEquals(secret, config.store().dbPassword());
        String printed = config.toString();
        assertFalse(printed.contains(secret) || printed.contains(VALID_TOKEN), printed);
        assertTrue(printed.contains("dbUrl=jdbc:postgresql://db:5432/tasklane?password=" + Redaction.HIDDEN), printed);
    }
}
