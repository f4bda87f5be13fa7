package dev.tasklane.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The comments of a task the agent has not seen yet (docs/agent-client.md, "Comments"): read from the API after the
 * last one seen, printed, written to {@code .tasklane/comments.json} for the work command ({@code
 * TASKLANE_COMMENTS_FILE}), and remembered per task in {@code .tasklane/comments-seen.json}.
 */
final class CommentsFeed {
    /** The environment variable naming the file of unseen comments. */
    static final String COMMENTS_FILE_ENV = "TASKLANE_COMMENTS_FILE";
    private static final int PAGE = 200;
    /** At most this many pages are read at once (10,000 comments); the rest wait for the next round. */
    private static final int MAX_PAGES = 50;
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private final AgentSession session;

    CommentsFeed(AgentSession session) {
        this.session = session;
    }

    /** Prints the task's unseen comments, writes them to the comments file and answers its path. */
    Path export(TaskData task) {
        ObjectNode seen = readSeen();
        long after = seen.path(task.identifier()).asLong(0);
        ArrayNode unseen = JsonNodeFactory.instance.arrayNode();
        for (int page = 0; page < MAX_PAGES; page++) {
            JsonNode answer = session.client.comments(Long.toString(task.id()), after, PAGE);
            for (JsonNode comment : answer.path("data")) {
                unseen.add(comment);
                after = Math.max(after, comment.path("id").asLong());
            }
            if (answer.path("next_after").isNull() || answer.path("next_after").isMissingNode()) {
                break;
            }
        }
        for (JsonNode comment : unseen) {
            JsonNode author = comment.path("author");
            String who = author.path("username").asText("someone")
                    + (author.path("agent_name").isTextual() ? " (agent " + author.path("agent_name").asText() + ")" : "");
            session.out.println("  comment by " + who + " at " + comment.path("created_at").asText() + ":");
            comment.path("body").asText().lines().forEach(line -> session.out.println("    " + line));
        }
        if (unseen.isEmpty()) {
            session.out.println("  no new comments on " + task.identifier());
        }
        seen.put(task.identifier(), after);
        Path directory = session.workDir.resolve(ClaimState.DIRECTORY);
        Path file = directory.resolve("comments.json");
        try {
            Files.createDirectories(directory);
            JSON.writeValue(file.toFile(), unseen);
            JSON.writeValue(directory.resolve("comments-seen.json").toFile(), seen);
        } catch (IOException unwritable) {
            throw new UncheckedIOException("cannot write " + file, unwritable);
        }
        return file.toAbsolutePath();
    }

    private ObjectNode readSeen() {
        Path file = session.workDir.resolve(ClaimState.DIRECTORY).resolve("comments-seen.json");
        if (!Files.exists(file)) {
            return JsonNodeFactory.instance.objectNode();
        }
        try {
            JsonNode stored = JSON.readTree(file.toFile());
            return stored instanceof ObjectNode object ? object : JsonNodeFactory.instance.objectNode();
        } catch (IOException unreadable) {
            return JsonNodeFactory.instance.objectNode();
        }
    }
}
