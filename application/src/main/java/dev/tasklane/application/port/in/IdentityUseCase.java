package dev.tasklane.application.port.in;

/**
 * Who is calling, and the users, boards, members and API tokens they manage: one set of use cases for the HTTP API
 * (an actor with a token), the web interface (an actor with a session) and embedding programs (an actor made
 * directly), in five ports a caller takes one by one ({@link CallerUseCase}, {@link UserAdminUseCase},
 * {@link BoardsUseCase}, {@link MembersUseCase}, {@link TokensUseCase}). Who may do what is the domain's
 * {@link dev.tasklane.domain.identity.IdentityPolicy}, whichever way the actor came. Password sign-in and sessions
 * are {@link SignInUseCase}.
 */
public interface IdentityUseCase
        extends CallerUseCase, UserAdminUseCase, BoardsUseCase, MembersUseCase, TokensUseCase {
}
