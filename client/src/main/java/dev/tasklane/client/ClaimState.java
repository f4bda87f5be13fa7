package dev.tasklane.client;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Optional;

/**
 * The task this working directory's agent holds, kept in {@code .tasklane/claim.json} so that {@code complete},
 * {@code unclaim} and {@code heartbeat} can default to it across invocations.
 *
 * @param taskId the task's numeric id
 * @param claimToken the claim's fencing token, sent back on every call about the claim
 * @param baseTree the git tree of the working directory at claim time (null outside git), the changed_files baseline
 */
public record ClaimState(@JsonProperty("task_id") long taskId,
                         @JsonProperty("identifier") String identifier,
                         @JsonProperty("claim_token") String claimToken,
                         @JsonProperty("base_tree") String baseTree,
                         @JsonProperty("agent_name") String agentName,
                         @JsonProperty("claimed_at") String claimedAt) {

    /** The same claim under a new lease token (a rework after review hands out a fresh one). */
    ClaimState withClaimToken(String token) {
        return new ClaimState(taskId, identifier, token, baseTree, agentName, claimedAt);
    }

    /** The directory the client keeps its files in, under the working directory. */
    public static final String DIRECTORY = ".tasklane";
    static final String FILE = "claim.json";
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    /** The state file of {@code workDir}. */
    static Path file(Path workDir) {
        return workDir.resolve(DIRECTORY).resolve(FILE);
    }

    static Optional<ClaimState> load(Path workDir) {
        Path file = file(workDir);
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        try {
            return Optional.of(JSON.readValue(file.toFile(), ClaimState.class));
        } catch (IOException unreadable) {
            throw new UncheckedIOException("cannot read " + file + "; delete it to start over", unreadable);
        }
    }

    /** Written to a temporary file and moved into place, so that a crash never leaves half a file. */
    void save(Path workDir) {
        Path file = file(workDir);
        try {
            Files.createDirectories(file.getParent());
            Path temp = Files.createTempFile(file.getParent(), FILE, ".tmp");
            JSON.writeValue(temp.toFile(), this);
            Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException unwritable) {
            throw new UncheckedIOException("cannot write " + file, unwritable);
        }
    }

    static void clear(Path workDir) {
        try {
            Files.deleteIfExists(file(workDir));
        } catch (IOException undeletable) {
            throw new UncheckedIOException("cannot delete " + file(workDir), undeletable);
        }
    }

    /** The held task, or a usage error naming how to get one. */
    static ClaimState require(Path workDir) {
        return load(workDir).orElseThrow(() -> new UsageException(
                "No task held in " + workDir.toAbsolutePath().normalize() + " (" + DIRECTORY + "/" + FILE
                        + " is absent): claim one first with `tasklane agent claim`"));
    }
}
