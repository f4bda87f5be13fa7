package dev.tasklane.adapter.inmemory;

import dev.tasklane.application.port.out.DirectoryStore;
import dev.tasklane.domain.error.ConflictException;
import dev.tasklane.domain.error.NotFoundException;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.identity.ApiToken;
import dev.tasklane.domain.identity.Board;
import dev.tasklane.domain.identity.Membership;
import dev.tasklane.domain.identity.User;
import dev.tasklane.domain.task.Status;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Supplier;

/**
 * Users, boards, memberships and tokens in memory. Every write is journaled in the shared
 * {@link InMemoryTransactions}, so a failed use case leaves no user, board, membership or token behind.
 * Ids come from sequences that, like database sequences, are not rolled back.
 */
public final class InMemoryDirectoryStore implements DirectoryStore {
    private final InMemoryTransactions transactions;
    private final JournaledWrites writes;
    private final Map<UserId, User> users = new TreeMap<>();
    private final Map<String, UserId> userIdByName = new HashMap<>();
    private final Map<BoardId, Board> boards = new TreeMap<>();
    private final Map<String, BoardId> boardIdByName = new HashMap<>();
    private final Map<MemberKey, Membership> memberships = new HashMap<>();
    private final Map<Long, ApiToken> tokens = new TreeMap<>();
    private final Map<String, Long> tokenIdByHash = new HashMap<>();
    private long lastUserId;
    private long lastBoardId;
    private long lastColumnId;
    private long lastTokenId;

    public InMemoryDirectoryStore(InMemoryTransactions transactions) {
        this.transactions = Objects.requireNonNull(transactions, "transactions");
        this.writes = new JournaledWrites(this.transactions);
    }

    @Override
    public User insertUser(User user) {
        return inTx(() -> {
            if (userIdByName.containsKey(user.username())) {
                throw new ConflictException("duplicate_username", "User " + user.username() + " already exists.");
            }
            User stored = user.withId(UserId.of(++lastUserId));
            writes.put(users, stored.id(), stored);
            writes.put(userIdByName, stored.username(), stored.id());
            return stored;
        });
    }

    @Override
    public Optional<User> userById(UserId id) {
        return inTx(() -> Optional.ofNullable(users.get(id)));
    }

    @Override
    public Optional<User> userByUsername(String username) {
        return inTx(() -> Optional.ofNullable(userIdByName.get(username)).map(users::get));
    }

    @Override
    public List<User> users() {
        return inTx(() -> List.copyOf(users.values()));
    }

    @Override
    public Board insertBoard(String name) {
        return inTx(() -> {
            if (boardIdByName.containsKey(name)) {
                throw new ConflictException("duplicate_board", "Board " + name + " already exists.");
            }
            Map<Status, Long> columnIds = new EnumMap<>(Status.class);
            for (Status column : Status.values()) {
                columnIds.put(column, ++lastColumnId);
            }
            Board board = new Board(BoardId.of(++lastBoardId), name, columnIds);
            writes.put(boards, board.id(), board);
            writes.put(boardIdByName, name, board.id());
            return board;
        });
    }

    @Override
    public Optional<Board> boardById(BoardId id) {
        return inTx(() -> Optional.ofNullable(boards.get(id)));
    }

    @Override
    public Optional<Board> boardByName(String name) {
        return inTx(() -> Optional.ofNullable(boardIdByName.get(name)).map(boards::get));
    }

    @Override
    public List<Board> boardsOf(UserId userId) {
        return inTx(() -> boards.values().stream()
                .filter(board -> memberships.containsKey(new MemberKey(board.id(), userId)))
                .toList());
    }

    @Override
    public Membership putMembership(Membership membership) {
        return inTx(() -> {
            writes.put(memberships, new MemberKey(membership.boardId(), membership.userId()), membership);
            return membership;
        });
    }

    @Override
    public Optional<Membership> membership(BoardId boardId, UserId userId) {
        return inTx(() -> Optional.ofNullable(memberships.get(new MemberKey(boardId, userId))));
    }

    @Override
    public ApiToken insertToken(ApiToken token) {
        return inTx(() -> {
            if (tokenIdByHash.containsKey(token.tokenHash())) {
                throw new ConflictException("duplicate_token", "A token with this hash already exists.");
            }
            ApiToken stored = token.withId(++lastTokenId);
            writes.put(tokens, stored.id(), stored);
            writes.put(tokenIdByHash, stored.tokenHash(), stored.id());
            return stored;
        });
    }

    @Override
    public ApiToken updateToken(ApiToken token) {
        return inTx(() -> {
            ApiToken stored = tokens.get(token.id());
            if (stored == null) {
                throw new NotFoundException("token_not_found", "Token " + token.id() + " does not exist.");
            }
            writes.remove(tokenIdByHash, stored.tokenHash());
            writes.put(tokens, token.id(), token);
            writes.put(tokenIdByHash, token.tokenHash(), token.id());
            return token;
        });
    }

    @Override
    public boolean touchToken(long tokenId, Instant at, String agentName, Instant unlessUsedSince) {
        return inTx(() -> {
            ApiToken stored = tokens.get(tokenId);
            if (stored == null || (stored.lastUsedAt() != null && !stored.lastUsedAt().isBefore(unlessUsedSince))) {
                return false;
            }
            writes.put(tokens, tokenId, stored.usedAt(at, agentName));
            return true;
        });
    }

    @Override
    public Optional<ApiToken> tokenById(long tokenId) {
        return inTx(() -> Optional.ofNullable(tokens.get(tokenId)));
    }

    @Override
    public Optional<ApiToken> tokenByHash(String tokenHash) {
        return inTx(() -> Optional.ofNullable(tokenIdByHash.get(tokenHash)).map(tokens::get));
    }

    @Override
    public Optional<Credentials> credentialsByTokenHash(String tokenHash) {
        return inTx(() -> Optional.ofNullable(tokenIdByHash.get(tokenHash)).map(tokens::get).flatMap(token -> {
            User user = users.get(token.userId());
            Board board = boards.get(token.boardId());
            if (user == null || board == null) {
                return Optional.empty();
            }
            Membership membership = memberships.get(new MemberKey(board.id(), user.id()));
            return Optional.of(new Credentials(token, user, board, membership == null ? null : membership.access()));
        }));
    }

    @Override
    public List<ApiToken> tokens(Optional<UserId> userId) {
        return inTx(() -> {
            List<ApiToken> found = new ArrayList<>();
            for (ApiToken token : tokens.values()) {
                if (userId.isEmpty() || token.userId().equals(userId.get())) {
                    found.add(token);
                }
            }
            found.sort(Comparator.comparingLong(ApiToken::id));
            return found;
        });
    }

    @Override
    public boolean hasUsers() {
        return inTx(() -> !users.isEmpty());
    }

    @Override
    public User updateUser(User user) {
        return inTx(() -> {
            User stored = users.get(user.id());
            if (stored == null) {
                throw new NotFoundException("user_not_found", "User " + user.id() + " does not exist.");
            }
            if (!stored.username().equals(user.username())) {
                if (userIdByName.containsKey(user.username())) {
                    throw new ConflictException("duplicate_username", "User " + user.username() + " already exists.");
                }
                writes.remove(userIdByName, stored.username());
                writes.put(userIdByName, user.username(), user.id());
            }
            writes.put(users, user.id(), user);
            return user;
        });
    }

    @Override
    public List<Board> boards() {
        return inTx(() -> List.copyOf(boards.values()));
    }

    @Override
    public Board renameBoard(BoardId boardId, String name) {
        return inTx(() -> {
            Board stored = boards.get(boardId);
            if (stored == null) {
                throw new NotFoundException("board_not_found", "Board " + boardId + " does not exist.");
            }
            BoardId holder = boardIdByName.get(name);
            if (holder != null && !holder.equals(boardId)) {
                throw new ConflictException("duplicate_board", "Board " + name + " already exists.");
            }
            Board renamed = new Board(boardId, name, stored.columnIds());
            writes.remove(boardIdByName, stored.name());
            writes.put(boardIdByName, name, boardId);
            writes.put(boards, boardId, renamed);
            return renamed;
        });
    }

    @Override
    public List<Membership> members(BoardId boardId) {
        return inTx(() -> memberships.values().stream()
                .filter(membership -> membership.boardId().equals(boardId))
                .sorted(Comparator.comparing(Membership::userId))
                .toList());
    }

    @Override
    public boolean deleteMembership(BoardId boardId, UserId userId) {
        return inTx(() -> {
            MemberKey key = new MemberKey(boardId, userId);
            if (!memberships.containsKey(key)) {
                return false;
            }
            writes.remove(memberships, key);
            return true;
        });
    }


    private <T> T inTx(Supplier<T> work) {
        return transactions.inTransaction(work);
    }

    private record MemberKey(BoardId boardId, UserId userId) {
    }
}
