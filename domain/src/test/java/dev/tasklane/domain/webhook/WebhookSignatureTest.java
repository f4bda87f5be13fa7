package dev.tasklane.domain.webhook;

import org.junit.jupiter.api.Test;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The {@code v1,} signature: the specification's own example, the JDK's HMAC on generated keys and bodies (the
 * domain's HMAC is written over SHA-256 to stay in {@code java.*}), one signature per signing secret, and a secret
 * that never shows in a string.
 */
class WebhookSignatureTest {
    @Test
    void signsTheSpecificationsExample() {
        // the example of the Standard Webhooks specification and of its reference libraries' tests
        WebhookSecret secret = WebhookSecret.parse("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw");
        String signature = WebhookSignature.sign(secret, "msg_p5jXN8AQM9LWM0D4loKWxJek", 1614265330,
                "{\"test\": 2432232314}".getBytes(StandardCharsets.UTF_8));
        assertEquals("v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=", signature);
    }

    @Test
    void agreesWithTheJdksHmacOnGeneratedKeysAndBodies() throws Exception {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        for (int i = 0; i < 300; i++) {
            byte[] key = new byte[16 + random.nextInt(100)];
            random.nextBytes(key);
            byte[] body = new byte[random.nextInt(3000)];
            random.nextBytes(body);
            WebhookSecret secret = WebhookSecret.parse("whsec_" + Base64.getEncoder().encodeToString(key));
            String id = "msg_" + random.nextInt(1_000_000);
            long timestamp = 1_700_000_000L + random.nextInt(1_000_000);
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            mac.update((id + "." + timestamp + ".").getBytes(StandardCharsets.UTF_8));
            String expected = "v1," + Base64.getEncoder().encodeToString(mac.doFinal(body));
            assertEquals(expected, WebhookSignature.sign(secret, id, timestamp, body),
                    "seed " + seed + ", case " + i + ", key of " + key.length + " bytes");
        }
    }

    @Test
    void signsOncePerSigningSecretSeparatedBySpaces() {
        WebhookSecret first = WebhookSecret.generate();
        WebhookSecret second = WebhookSecret.generate();
        byte[] body = "{}".getBytes(StandardCharsets.UTF_8);
        String header = WebhookSignature.header(List.of(first, second), "msg_1", 10, body);
        String[] parts = header.split(" ");
        assertEquals(2, parts.length, header);
        assertEquals(WebhookSignature.sign(first, "msg_1", 10, body), parts[0]);
        assertEquals(WebhookSignature.sign(second, "msg_1", 10, body), parts[1]);
        assertThrows(IllegalArgumentException.class, () -> WebhookSignature.header(List.of(), "msg_1", 10, body));
    }

    @Test
    void aGeneratedSecretIsWhsecAndNeverShowsInAString() {
        WebhookSecret secret = WebhookSecret.generate();
        assertTrue(secret.reveal().startsWith("whsec_"), secret.reveal());
        assertEquals(WebhookSecret.KEY_BYTES, Base64.getDecoder().decode(secret.reveal().substring(6)).length);
        assertFalse(secret.toString().contains(secret.reveal().substring(6)), secret.toString());
        assertEquals(secret, WebhookSecret.parse(secret.reveal()));
        assertThrows(RuntimeException.class, () -> WebhookSecret.parse("nope"));
        assertThrows(RuntimeException.class, () -> WebhookSecret.parse("whsec_%%%"));
        assertThrows(RuntimeException.class, () -> WebhookSecret.parse("whsec_AAAA"));
    }
}
