package dev.tasklane.adapter.http;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class SmokeTest {
    static void log(Object o) {
        try {
            java.nio.file.Files.writeString(java.nio.file.Path.of("/tmp/smoke.txt"), o + "\n", java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.APPEND);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void createAndRead() {
        Harness.run(h -> {
            Harness.Res created = h.post("/api/tasks", Harness.map("task", Harness.task("First task")));
            log(created);
            assertEquals(201, created.status());
            log(h.get("/api/tasks/W1"));
            log(h.get("/api/tasks/next"));
            log(h.get("/api/nope"));
            log(h.send("DELETE", "/api/tasks", null, Harness.TOKEN));
            log(h.raw("POST", "/api/tasks", "{bad", java.util.Map.of("Authorization", "Bearer " + Harness.TOKEN)));
            log(h.get("/api/me"));
            log(h.get("/health"));
            log(h.claim("W1", Harness.TOKEN));
        });
    }
}
