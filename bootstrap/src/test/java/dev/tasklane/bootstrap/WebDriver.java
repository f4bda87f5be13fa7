package dev.tasklane.bootstrap;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Assumptions;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;

/**
 * A small client of the W3C WebDriver protocol, driving Debian's headless Chromium through the chromedriver that
 * the {@code chromium-driver} package installs. Both binaries are named explicitly; nothing is downloaded.
 */
final class WebDriver implements AutoCloseable {
    static final Path CHROMIUM = Path.of(System.getenv().getOrDefault("TASKLANE_CHROMIUM", "/usr/bin/chromium"));
    static final Path CHROMEDRIVER = Path.of(System.getenv().getOrDefault("TASKLANE_CHROMEDRIVER", "/usr/bin/chromedriver"));
    private static final String ELEMENT = "element-6066-11e4-a52e-4f735466cecf";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration WAIT = Duration.ofSeconds(20);

    private final Process driver;
    private final HttpClient http = HttpClient.newHttpClient();
    private final String base;
    private final String session;

    private WebDriver(Process driver, String base, String session) {
        this.driver = driver;
        this.base = base;
        this.session = session;
    }

    /** Whether both binaries are installed (the tests skip, or fail under CI, otherwise). */
    static boolean available() {
        return Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER);
    }

    /**
     * Returns when Chromium and chromedriver are installed; otherwise skips the calling test class with the reason,
     * or fails it under {@code CI=true}, where {@code .ci/run} installs them.
     */
    static void requireAvailable() {
        if (available()) {
            return;
        }
        String reason = "Chromium and chromedriver are not installed (" + CHROMIUM + ", " + CHROMEDRIVER
                + "): install the Debian packages chromium and chromium-driver";
        if ("true".equalsIgnoreCase(System.getenv("CI"))) {
            throw new IllegalStateException("CI=true and " + reason);
        }
        Assumptions.abort("Skipped: " + reason);
    }

    /** A server on the in-memory store on a free port, as a person's browser tests start one. */
    static Server.Started startInMemoryServer() throws IOException {
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        ServerConfig config = new Main(Map.of(), System.out, System.err)
                .configure(new String[] {"--store", "memory", "--port", Integer.toString(port)}).config();
        return Server.start(config);
    }

    static WebDriver start(int width, int height) throws IOException, InterruptedException {
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        Process process = new ProcessBuilder(CHROMEDRIVER.toString(), "--port=" + port)
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        String base = "http://127.0.0.1:" + port;
        HttpClient client = HttpClient.newHttpClient();
        Instant deadline = Instant.now().plus(WAIT);
        while (true) {
            try {
                HttpResponse<String> status = client.send(HttpRequest.newBuilder(URI.create(base + "/status")).build(),
                        HttpResponse.BodyHandlers.ofString());
                if (status.statusCode() == 200 && JSON.readTree(status.body()).path("value").path("ready").asBoolean()) {
                    break;
                }
            } catch (IOException notYet) {
                // chromedriver is still starting
            }
            if (Instant.now().isAfter(deadline)) {
                process.destroyForcibly();
                throw new IllegalStateException("chromedriver did not start on port " + port);
            }
            Thread.sleep(50);
        }
        Map<String, Object> options = Map.of("binary", CHROMIUM.toString(), "args", List.of("--headless=new",
                "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--window-size=" + width + "," + height,
                "--force-device-scale-factor=1", "--lang=en-US"));
        // the browser's console, where Chromium reports what the Content Security Policy refused
        Map<String, Object> capabilities = Map.of("capabilities", Map.of("alwaysMatch",
                Map.of("browserName", "chrome", "goog:chromeOptions", options,
                        "goog:loggingPrefs", Map.of("browser", "ALL"))));
        JsonNode created = call(client, "POST", base + "/session", capabilities);
        return new WebDriver(process, base, created.path("value").path("sessionId").asText());
    }

    private static JsonNode call(HttpClient client, String method, String url, Object body) throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(60));
        if (body == null) {
            request.method(method, HttpRequest.BodyPublishers.noBody());
        } else {
            request.header("Content-Type", "application/json")
                    .method(method, HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body)));
        }
        HttpResponse<String> response = client.send(request.build(), HttpResponse.BodyHandlers.ofString());
        JsonNode json = JSON.readTree(response.body());
        if (response.statusCode() != 200) {
            throw new WebDriverException(method + " " + url + " -> " + response.statusCode() + ": "
                    + json.path("value").path("message").asText(response.body()));
        }
        return json;
    }

    private JsonNode command(String method, String path, Object body) {
        try {
            return call(http, method, base + "/session/" + session + path, body).path("value");
        } catch (IOException failed) {
            throw new WebDriverException("WebDriver " + method + " " + path + " failed: " + failed.getMessage());
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            throw new WebDriverException("interrupted");
        }
    }

    void open(String url) {
        command("POST", "/url", Map.of("url", url));
    }

    /**
     * The browser's Back button. A page restored from the back-forward cache can end the command's wait with "aborted
     * by navigation" although the traversal happened; the caller waits for the page it expects either way.
     */
    void back() {
        try {
            command("POST", "/back", Map.of());
        } catch (WebDriverException traversed) {
            if (!String.valueOf(traversed.getMessage()).contains("aborted by navigation")) {
                throw traversed;
            }
        }
    }

    String url() {
        return command("GET", "/url", null).asText();
    }

    String title() {
        return command("GET", "/title", null).asText();
    }

    /** The first element matching a CSS selector, waiting for it to appear. */
    Element find(String css) {
        // kept from the same look-up that saw it: a page that navigates between two look-ups would lose it
        List<List<Element>> found = new java.util.ArrayList<>(List.of(List.of()));
        waitUntil("an element " + css, () -> {
            found.set(0, findAll(css));
            return !found.get(0).isEmpty();
        });
        return found.get(0).get(0);
    }

    List<Element> findAll(String css) {
        JsonNode found = command("POST", "/elements", Map.of("using", "css selector", "value", css));
        return java.util.stream.StreamSupport.stream(found.spliterator(), false)
                .map(node -> new Element(node.path(ELEMENT).asText())).toList();
    }

    boolean present(String css) {
        return !findAll(css).isEmpty();
    }

    Object script(String script, Object... args) {
        JsonNode value = command("POST", "/execute/sync", Map.of("script", script, "args", List.of(args)));
        return value.isTextual() ? value.asText() : value.isNumber() ? value.numberValue() : value.isBoolean() ? value.asBoolean() : null;
    }

    void waitUntil(String what, BooleanSupplier condition) {
        Instant deadline = Instant.now().plus(WAIT);
        while (!holds(condition)) {
            if (Instant.now().isAfter(deadline)) {
                throw new AssertionError("waited " + WAIT.toSeconds() + " s for " + what + " on " + url());
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException interrupted) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted while waiting for " + what);
            }
        }
    }

    /**
     * Whether the condition holds now; an element that went stale while it was read (the page replaced it, as a live
     * update or a navigation does) means not yet, and the condition is asked again.
     */
    private static boolean holds(BooleanSupplier condition) {
        try {
            return condition.getAsBoolean();
        } catch (WebDriverException stale) {
            if (stale.getMessage() != null && stale.getMessage().contains("stale element")) {
                return false;
            }
            throw stale;
        }
    }

    /** A PNG of the whole page (the window is resized to the page's height first). */
    void screenshot(Path file) throws IOException {
        Number height = (Number) script("return Math.ceil(document.documentElement.scrollHeight);");
        Number width = (Number) script("return window.outerWidth;");
        command("POST", "/window/rect", Map.of("width", width.intValue(), "height", Math.min(4000, height.intValue() + 120)));
        Files.createDirectories(file.toAbsolutePath().getParent());
        Files.write(file, Base64.getDecoder().decode(command("GET", "/screenshot", null).asText()));
    }

    void resize(int width, int height) {
        command("POST", "/window/rect", Map.of("width", width, "height", height));
    }

    /**
     * Sets the admin's own password on the page the first sign-in with the one-time password leads to (nothing
     * else opens before it is set); the one-time password stops working.
     */
    void setOwnPassword(String password) {
        waitUntil("the set-password page", () -> url().contains("/account/new-password"));
        find("#new_password").type(password);
        find("#confirm_password").type(password);
        find("#set-password").click();
        waitUntil("the password set", () -> !url().contains("/account/new-password"));
    }

    /** The browser's console messages since the last call (chromedriver hands each message out once). */
    List<String> consoleMessages() {
        JsonNode entries = command("POST", "/se/log", Map.of("type", "browser"));
        return java.util.stream.StreamSupport.stream(entries.spliterator(), false)
                .map(entry -> entry.path("level").asText() + " " + entry.path("message").asText()).toList();
    }

    /**
     * The Content Security Policy's refusals Chromium reported since the last call ("Refused to execute inline
     * script because it violates the following Content Security Policy directive ...").
     */
    List<String> policyViolations() {
        return consoleMessages().stream()
                .filter(message -> message.contains("Content Security Policy") || message.contains("Refused to"))
                .toList();
    }

    String cookie(String name) {
        return command("GET", "/cookie/" + name, null).path("value").asText();
    }

    @Override
    public void close() {
        try {
            command("DELETE", "", null);
        } catch (RuntimeException alreadyGone) {
            // the session ends with the driver below anyway
        } finally {
            driver.destroy();
        }
    }

    /** An element of the current page. */
    final class Element {
        private final String id;

        Element(String id) {
            this.id = id;
        }

        void click() {
            command("POST", "/element/" + id + "/click", Map.of());
        }

        void type(String text) {
            command("POST", "/element/" + id + "/clear", Map.of());
            command("POST", "/element/" + id + "/value", Map.of("text", text));
        }

        String text() {
            return command("GET", "/element/" + id + "/text", null).asText();
        }

        String value() {
            return command("GET", "/element/" + id + "/property/value", null).asText();
        }

        String attribute(String name) {
            return command("GET", "/element/" + id + "/attribute/" + name, null).asText();
        }

        /** Chooses the option of a select box whose visible text is {@code label}. */
        void choose(String label) {
            script("const s = arguments[0]; const o = [...s.options].find(o => o.text.trim() === arguments[1]);"
                    + "if (!o) throw new Error('no option ' + arguments[1]); s.value = o.value;", Map.of(ELEMENT, id), label);
        }
    }

    /** A WebDriver command failed. */
    static final class WebDriverException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        WebDriverException(String message) {
            super(message);
        }
    }
}
