package dev.tasklane.client;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class StrideAuthFileTest {
    private static final String FILE = """
            # Tasklane API credentials

            Do NOT commit this file.

            - **API URL:** `https://tasks.example.com:8443`
            - **API Token:** `tasklane_abc123` (rotate monthly, `not this`)
            - **User Email:** `me@example.com`
            """;

    @TempDir
    Path dir;

    @Test
    void readsTheFirstUrlAndTheFirstQuotedToken() {
        StrideAuthFile auth = StrideAuthFile.parse(FILE);

        assertEquals(Optional.of("https://tasks.example.com:8443"), auth.url());
        assertEquals(Optional.of("tasklane_abc123"), auth.token());
    }

    @Test
    void theTemplatePlaceholderIsNoToken() {
        StrideAuthFile auth = StrideAuthFile.parse("- **API URL:** http://localhost:7070\n"
                + "- **API Token:** `{{YOUR_TOKEN_HERE}}`\n");

        assertEquals(Optional.of("http://localhost:7070"), auth.url());
        assertEquals(Optional.empty(), auth.token());
    }

    @Test
    void flagsWinOverTheEnvironmentWhichWinsOverTheFile() throws Exception {
        Files.writeString(dir.resolve(Credentials.AUTH_FILE), FILE);
        Map<String, String> env = Map.of(Credentials.TOKEN_ENV, "from-env");

        Credentials fromFileAndEnv = Credentials.resolve(null, null, env, dir);
        assertEquals(URI.create("https://tasks.example.com:8443"), fromFileAndEnv.url());
        assertEquals("from-env", fromFileAndEnv.token());

        Credentials fromFlags = Credentials.resolve("http://flag:1", "from-flag", env, dir);
        assertEquals(URI.create("http://flag:1"), fromFlags.url());
        assertEquals("from-flag", fromFlags.token());
    }

    @Test
    void noSourceIsAUsageErrorNamingAllThree() {
        UsageException missing = assertThrows(UsageException.class,
                () -> Credentials.resolve(null, null, Map.of(Credentials.URL_ENV, "http://x"), dir));

        assertTrue(missing.getMessage().contains("--token"));
        assertTrue(missing.getMessage().contains("TASKLANE_TOKEN"));
        assertTrue(missing.getMessage().contains(".stride_auth.md"));
    }
}
