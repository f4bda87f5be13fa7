package dev.tasklane.client;

/** The answer to a claim: the task now in Doing, the claim's fencing token, and the before_doing hook entry. */
public record Claimed(TaskData task, String claimToken, HookSpec hook) {
}
