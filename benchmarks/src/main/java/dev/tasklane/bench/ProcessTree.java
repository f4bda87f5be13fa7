package dev.tasklane.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalLong;

/**
 * Processes named by pid and start time, read from {@code /proc/<pid>/stat} (Linux), so that one is gone when its
 * entry is, when it is a zombie (it exited and waits to be reaped: nothing of it runs), or when its pid names a
 * process started later. {@code tasklane agent}'s work command runs in the agent's own process group, so the bench
 * follows the command's tree by pid rather than by group.
 */
final class ProcessTree {
    private ProcessTree() {
    }

    /** One process: its pid and its start time in clock ticks since boot (the 22nd field of its stat). */
    record Member(long pid, long startTicks) {
    }

    /** The members of these processes that run now. */
    static List<Member> of(List<ProcessHandle> processes) {
        return processes.stream().map(p -> {
            OptionalLong start = startTicks(p.pid());
            return start.isPresent() ? new Member(p.pid(), start.getAsLong()) : null;
        }).filter(java.util.Objects::nonNull).toList();
    }

    /** Whether any of {@code members} still runs. */
    static boolean anyAlive(List<Member> members) {
        for (Member member : members) {
            OptionalLong start = startTicks(member.pid());
            if (start.isPresent() && start.getAsLong() == member.startTicks()) {
                return true;
            }
        }
        return false;
    }

    /** The start time of the process {@code pid}; empty when there is none or it is a zombie. */
    static OptionalLong startTicks(long pid) {
        String stat;
        try {
            stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
        } catch (IOException gone) {
            return OptionalLong.empty();
        }
        // the fields after the command's closing parenthesis: the state is the 3rd field, the start time the 22nd
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        if (fields[0].equals("Z") || fields[0].equals("X")) {
            return OptionalLong.empty();
        }
        return OptionalLong.of(Long.parseLong(fields[19]));
    }
}
