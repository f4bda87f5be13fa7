package dev.tasklane.client;

import dev.tasklane.domain.hook.HookName;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The hook scripts of a {@code .stride.md} file, in Stride's format: a {@code ## <hook>} heading per hook
 * (before_doing, after_doing, before_review, after_review, after_goal) and, below it, the shell commands in fenced
 * code blocks ({@code ```bash}, {@code ```sh}, {@code ```shell} or an unlabelled fence). Prose between the blocks is
 * description and is not run; blocks in other languages (such as {@code ```powershell}) are skipped. A section ends
 * at the next heading of level one or two. A hook without a section, or with no runnable block, has no script.
 */
public final class StrideHooks {
    public static final String FILE = ".stride.md";
    private static final Pattern HEADING = Pattern.compile("^(#{1,2})\\s+(.*?)\\s*#*\\s*$");
    private static final Pattern FENCE = Pattern.compile("^\\s*(```|~~~)\\s*([\\w+-]*).*$");
    private static final Set<String> SHELLS = Set.of("", "bash", "sh", "shell", "zsh", "console");

    private final Map<HookName, String> scripts;

    private StrideHooks(Map<HookName, String> scripts) {
        this.scripts = scripts;
    }

    /** The hooks of {@code .stride.md} in {@code workDir}; none when the file does not exist. */
    public static StrideHooks load(Path workDir) {
        Path file = workDir.resolve(FILE);
        if (!Files.isRegularFile(file)) {
            return parse("");
        }
        try {
            return parse(Files.readString(file));
        } catch (IOException unreadable) {
            throw new UncheckedIOException("cannot read " + file, unreadable);
        }
    }

    public static StrideHooks parse(String markdown) {
        Map<HookName, StringBuilder> sections = new EnumMap<>(HookName.class);
        StringBuilder current = null;
        String fence = null;
        boolean runnable = false;
        for (String line : markdown.split("\\R", -1)) {
            Matcher fenceLine = FENCE.matcher(line);
            if (fence != null) {
                if (line.strip().equals(fence)) {
                    fence = null;
                } else if (runnable && current != null) {
                    current.append(line).append('\n');
                }
                continue;
            }
            if (fenceLine.matches()) {
                fence = fenceLine.group(1);
                runnable = SHELLS.contains(fenceLine.group(2).toLowerCase(Locale.ROOT));
                continue;
            }
            Matcher heading = HEADING.matcher(line);
            if (heading.matches()) {
                Optional<HookName> hook = heading.group(1).length() == 2
                        ? HookName.fromCode(heading.group(2).strip().toLowerCase(Locale.ROOT)) : Optional.empty();
                current = hook.map(name -> sections.computeIfAbsent(name, n -> new StringBuilder())).orElse(null);
            }
        }
        Map<HookName, String> scripts = new EnumMap<>(HookName.class);
        sections.forEach((hook, script) -> {
            if (!script.toString().isBlank()) {
                scripts.put(hook, script.toString());
            }
        });
        return new StrideHooks(scripts);
    }

    /** The hook's shell script; empty when the file has no runnable commands for it. */
    public Optional<String> script(HookName hook) {
        return Optional.ofNullable(scripts.get(hook));
    }
}
