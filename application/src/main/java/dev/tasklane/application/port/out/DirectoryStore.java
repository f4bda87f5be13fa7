package dev.tasklane.application.port.out;

/**
 * Users, boards, memberships and API tokens: every job of the directory, for the store classes that do them all and
 * for the composition that hands each service its part. A service takes the ports it calls ({@link UserStore},
 * {@link BoardStore}, {@link MembershipStore}, {@link TokenStore}). Runs inside the caller's transaction like the task
 * ports ({@link TaskStore}).
 */
public interface DirectoryStore extends UserStore, BoardStore, MembershipStore, TokenStore {
}
