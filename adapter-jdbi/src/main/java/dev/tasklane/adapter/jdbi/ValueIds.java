package dev.tasklane.adapter.jdbi;

import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.id.TaskId;
import dev.tasklane.domain.id.UserId;
import org.jdbi.v3.core.Jdbi;
import org.jdbi.v3.core.argument.AbstractArgumentFactory;
import org.jdbi.v3.core.argument.Argument;
import org.jdbi.v3.core.config.ConfigRegistry;
import org.jdbi.v3.core.mapper.ColumnMapper;

import java.sql.Types;
import java.util.function.LongFunction;

/**
 * The JDBI edge of the value ids (docs/architecture.md, "Value ids"): a {@link TaskId}, {@link UserId} or
 * {@link BoardId} binds as the BIGINT it wraps, and a BIGINT column reads back as one, SQL NULL as null. Registered
 * once on the {@link Jdbi} by {@link JdbiStores}, so statements bind ids as they are and the SQL stays unchanged.
 */
final class ValueIds {
    private ValueIds() {
    }

    /** Registers the arguments and column mappers of the three id types on {@code jdbi}. */
    static Jdbi register(Jdbi jdbi) {
        return jdbi
                .registerArgument(new AbstractArgumentFactory<TaskId>(Types.BIGINT) {
                    @Override
                    protected Argument build(TaskId id, ConfigRegistry config) {
                        return (position, statement, context) -> statement.setLong(position, id.value());
                    }
                })
                .registerArgument(new AbstractArgumentFactory<UserId>(Types.BIGINT) {
                    @Override
                    protected Argument build(UserId id, ConfigRegistry config) {
                        return (position, statement, context) -> statement.setLong(position, id.value());
                    }
                })
                .registerArgument(new AbstractArgumentFactory<BoardId>(Types.BIGINT) {
                    @Override
                    protected Argument build(BoardId id, ConfigRegistry config) {
                        return (position, statement, context) -> statement.setLong(position, id.value());
                    }
                })
                .registerColumnMapper(TaskId.class, column(TaskId::of))
                .registerColumnMapper(UserId.class, column(UserId::of))
                .registerColumnMapper(BoardId.class, column(BoardId::of));
    }

    private static <T> ColumnMapper<T> column(LongFunction<T> id) {
        return (rows, column, context) -> {
            long value = rows.getLong(column);
            return rows.wasNull() ? null : id.apply(value);
        };
    }
}
