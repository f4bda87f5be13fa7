package dev.tasklane.client;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The working tree as git sees it, for the changed_files upload. {@link #capture()} writes the whole working tree
 * (tracked and untracked files, {@code .gitignore} honoured, {@code .tasklane/} left out) as a git tree object
 * through a throw-away index, so neither the index nor the files are touched. The snapshot at claim time is the
 * baseline; {@link #changedSince} diffs the tree at completion against it, one unified diff per file.
 */
final class GitSnapshot {
    private static final Duration GIT_TIMEOUT = Duration.ofSeconds(60);

    private final Path workDir;

    GitSnapshot(Path workDir) {
        this.workDir = workDir;
    }

    /** The working tree as a git tree id; empty when the directory is not inside a git work tree. */
    Optional<String> capture() {
        if (git(null, "rev-parse", "--is-inside-work-tree").exitCode != 0) {
            return Optional.empty();
        }
        Path index = null;
        try {
            index = Files.createTempFile("tasklane-index", "");
            Files.delete(index);
            Result added = git(index, "add", "-A", "--", ".", ":(exclude)" + ClaimState.DIRECTORY);
            Result tree = added.exitCode == 0 ? git(index, "write-tree") : added;
            return tree.exitCode == 0 ? Optional.of(tree.stdout.strip()) : Optional.empty();
        } catch (IOException noTempFile) {
            throw new UncheckedIOException(noTempFile);
        } finally {
            deleteQuietly(index);
        }
    }

    /** One entry per file that differs between the two trees, each diff capped (see {@link DiffCap}). */
    List<ChangedFile> changedSince(String baseTree, String currentTree) {
        Result names = git(null, "diff", "--no-renames", "--name-only", "-z", baseTree, currentTree);
        List<ChangedFile> files = new ArrayList<>();
        for (String path : names.stdout.split("\0")) {
            if (!path.isEmpty()) {
                String diff = git(null, "diff", "--no-renames", baseTree, currentTree, "--", path).stdout;
                files.add(new ChangedFile(path, DiffCap.forUpload(diff)));
            }
        }
        return files;
    }

    private record Result(int exitCode, String stdout) {
    }

    private Result git(Path index, String... args) {
        List<String> command = new ArrayList<>(List.of("git", "-c", "core.quotepath=off"));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).directory(workDir.toFile())
                .redirectError(ProcessBuilder.Redirect.DISCARD);
        if (index != null) {
            builder.environment().put("GIT_INDEX_FILE", index.toString());
        }
        try {
            Process process = builder.start();
            process.getOutputStream().close();
            String stdout = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!process.waitFor(GIT_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
                process.destroyForcibly();
                return new Result(ShellProcess.TIMED_OUT, stdout);
            }
            return new Result(process.exitValue(), stdout);
        } catch (IOException noGit) {
            return new Result(127, "");
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            return new Result(130, "");
        }
    }

    private static void deleteQuietly(Path file) {
        if (file == null) {
            return;
        }
        try {
            Files.deleteIfExists(file);
        } catch (IOException ignored) {
            // a temp file left behind is harmless
        }
    }
}
