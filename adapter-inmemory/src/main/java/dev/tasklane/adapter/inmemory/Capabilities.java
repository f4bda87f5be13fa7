package dev.tasklane.adapter.inmemory;

import dev.tasklane.domain.task.Capability;

import java.util.Set;

/** Capability sets as bit masks (one bit per {@link Capability} ordinal), so that subset tests are one AND. */
final class Capabilities {
    /** The mask of the empty set: a task requiring nothing, or a caller without limits. */
    static final int NONE = 0;

    private Capabilities() {
    }

    static int mask(Set<Capability> capabilities) {
        int mask = NONE;
        for (Capability capability : capabilities) {
            mask |= 1 << capability.ordinal();
        }
        return mask;
    }

    /** True when a caller holding {@code callerMask} may take a task requiring {@code requiredMask}. */
    static boolean covers(int callerMask, int requiredMask) {
        return callerMask == NONE || (requiredMask & ~callerMask) == NONE;
    }
}
