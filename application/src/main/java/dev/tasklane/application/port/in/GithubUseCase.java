package dev.tasklane.application.port.in;

import dev.tasklane.domain.agent.Actor;
import dev.tasklane.domain.github.IssueEvent;
import dev.tasklane.domain.id.BoardId;

import java.time.Instant;
import java.util.Map;

/**
 * GitHub issues that become tasks (docs/api.md, "GitHub issues"): a board's owners and admins connect one repository
 * with a secret set on both sides; GitHub's {@code issues} deliveries to the board's hook then create, update, archive
 * and restore the issues' tasks. A delivery's signature is checked before a byte of it is read.
 */
public interface GithubUseCase {
    /** The longest {@code X-GitHub-Delivery} kept. */
    int MAX_DELIVERY_ID = 100;

    /** Connects (or re-connects) the board to a repository; the secret is never answered. */
    GithubView connect(Actor actor, BoardId boardId, Connect request);

    /**
     * One delivery from GitHub, on no credential but its signature: a bad or missing {@code X-Hub-Signature-256}
     * throws {@link UnauthenticatedException} before {@code parser} reads the body; an event other than
     * {@code issues} is ignored; the same {@code X-GitHub-Delivery} twice changes nothing the second time.
     */
    Received receive(BoardId boardId, Delivery delivery, Parser parser);

    /**
     * What a connection is: {@code label} null for {@code tasklane}; {@code labels} null for the default table
     * (label to {@code priority:<p>} or {@code capability:<c>}).
     */
    record Connect(String repository, String secret, String label, Map<String, String> labels) {
        @Override
        public String toString() {
            return "Connect[repository=" + repository + ", label=" + label + ", secret=[redacted]]";
        }
    }

    /** A connection as answered: never its secret. */
    record GithubView(BoardId boardId, String repository, String label, Map<String, String> labels,
                      Instant connectedAt) {
    }

    /** A delivery as GitHub sends it: its three headers and the raw body. */
    record Delivery(String event, String deliveryId, String signature, byte[] body) {
    }

    /** Reads an {@code issues} payload once its signature passed; throws an invalid input for one it cannot read. */
    @FunctionalInterface
    interface Parser {
        IssueEvent issues(byte[] body);
    }

    /**
     * What the delivery did: {@code created}, {@code updated}, {@code archived}, {@code restored}, {@code ignored}
     * (with the reason) or {@code duplicate}; the task's identifier when it has one.
     */
    record Received(String outcome, String task, String reason) {
        public boolean changed() {
            return !outcome.equals("ignored") && !outcome.equals("duplicate");
        }
    }
}
