package dev.tasklane.domain.audit;

import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.id.UserId;

import java.time.Instant;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * One entry of the audit log: who did what, on which board and object, when, from where, and whether it was done or
 * refused. An entry never holds a secret: no password, no token secret, no session cookie; a token is named by its
 * id and name, a session by its id. Every text is capped, cut at its cap rather than refused, so that recording
 * never fails the act it records.
 *
 * @param sequence   the store's number, rising with every entry; 0 before it is stored
 * @param at         when the act was done (or refused)
 * @param action     what was done
 * @param userId     who did it; null when nobody is known (a sign-in with an unknown username)
 * @param username   the user's name then; null when nobody is known
 * @param credential how the user came
 * @param boardId    the board acted on; null for an act on no board (a sign-in, a user's administration)
 * @param target     the object acted on; null when the act has none beyond the board
 * @param address    the client's address as the server believes it (docs/operations.md, "Reverse proxy"); null
 *                   when the act did not come over the network (an embedding program)
 * @param outcome    done or refused
 * @param code       the refusal's error code; null when done
 * @param detail     a short description of what changed (the access granted, the decision, the new name); never a
 *                   secret; null when the action says it all
 */
public record AuditEntry(long sequence, Instant at, AuditAction action, UserId userId, String username, Credential credential,
                         BoardId boardId, Target target, String address, Outcome outcome, String code, String detail) {
    /** The caps of an entry's texts, in code points. */
    public static final int NAME_MAX = 255;
    public static final int ADDRESS_MAX = 100;
    public static final int CODE_MAX = 100;
    public static final int DETAIL_MAX = 1_000;
    public static final int OBJECT_ID_MAX = 255;

    public AuditEntry {
        Objects.requireNonNull(at, "at");
        Objects.requireNonNull(action, "action");
        Objects.requireNonNull(credential, "credential");
        Objects.requireNonNull(outcome, "outcome");
        username = cut(username, NAME_MAX);
        address = cut(address, ADDRESS_MAX);
        code = cut(code, CODE_MAX);
        detail = cut(detail, DETAIL_MAX);
        if (outcome == Outcome.REFUSED && code == null) {
            throw new IllegalArgumentException("a refusal has a code");
        }
        if (outcome == Outcome.SUCCEEDED && code != null) {
            throw new IllegalArgumentException("only a refusal has a code");
        }
    }

    /** The same entry with the store's number. */
    public AuditEntry withSequence(long number) {
        return new AuditEntry(number, at, action, userId, username, credential, boardId, target, address, outcome, code,
                detail);
    }

    public Optional<BoardId> board() {
        return Optional.ofNullable(boardId);
    }

    /** {@code text} cut to {@code max} code points (never inside a surrogate pair); null and blank stay null. */
    public static String cut(String text, int max) {
        if (text == null || text.isBlank()) {
            return null;
        }
        if (text.codePointCount(0, text.length()) <= max) {
            return text;
        }
        return text.substring(0, text.offsetByCodePoints(0, max));
    }

    /** Whether the act was done, or refused. */
    public enum Outcome {
        SUCCEEDED,
        REFUSED;

        public String code() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /**
     * How the user came: an API token (its id and name), a web session (its id), an embedding program acting
     * directly (the agent's name, or none for the person), or a password being checked (a sign-in, before any
     * credential exists).
     *
     * @param kind how the user came
     * @param number the token's or the session's id; null for the others
     * @param name the token's name, or the direct actor's agent name; null otherwise
     */
    public record Credential(Kind kind, Long number, String name) {
        public Credential {
            Objects.requireNonNull(kind, "kind");
            name = cut(name, NAME_MAX);
        }

        public static Credential token(long tokenId, String tokenName) {
            return new Credential(Kind.TOKEN, tokenId, tokenName);
        }

        public static Credential session(long sessionId) {
            return new Credential(Kind.SESSION, sessionId, null);
        }

        public static Credential direct(String agentName) {
            return new Credential(Kind.DIRECT, null, agentName);
        }

        public static Credential password() {
            return new Credential(Kind.PASSWORD, null, null);
        }

        public enum Kind {
            TOKEN,
            SESSION,
            DIRECT,
            PASSWORD;

            public String code() {
                return name().toLowerCase(Locale.ROOT);
            }

            public static Optional<Kind> ofCode(String name) {
                for (Kind kind : values()) {
                    if (kind.code().equals(name)) {
                        return Optional.of(kind);
                    }
                }
                return Optional.empty();
            }
        }
    }

    /**
     * The object acted on, by its type and id: a {@code token} by number, a {@code user} by number, a {@code task}
     * by identifier (W12), a {@code comment} by number, a {@code membership} by the member's user id, a
     * {@code webhook} subscription by number.
     */
    public record Target(String type, String id) {
        public static final String TOKEN = "token";
        public static final String USER = "user";
        public static final String BOARD = "board";
        public static final String MEMBERSHIP = "membership";
        public static final String TASK = "task";
        public static final String COMMENT = "comment";
        public static final String WEBHOOK = "webhook";

        public Target {
            if (type == null || type.isBlank()) {
                throw new IllegalArgumentException("a target has a type");
            }
            id = cut(id, OBJECT_ID_MAX);
            if (id == null) {
                throw new IllegalArgumentException("a target has an id");
            }
        }

        public static Target of(String type, String id) {
            return new Target(type, id);
        }

        public static Target of(String type, long number) {
            return new Target(type, Long.toString(number));
        }

        public static Target of(String type, dev.tasklane.domain.id.UserId user) {
            return new Target(type, Long.toString(user.value()));
        }

        public static Target of(String type, BoardId board) {
            return new Target(type, Long.toString(board.value()));
        }
    }
}
