package dev.tasklane.client;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

/** Each test gets a fresh in-process server and an agent workspace in a temporary directory, with an agent token. */
abstract class AgainstServer {
    @TempDir
    Path dir;

    TestServer server;
    Workspace ws;

    @BeforeEach
    void startServer() {
        server = TestServer.start();
        ws = new Workspace(dir, server.url, server.agentToken("agent"));
    }

    @AfterEach
    void stopServer() {
        server.close();
    }
}
