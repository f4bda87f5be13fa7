package dev.tasklane.domain.identity;

import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.task.Status;

import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;

/** A board: a name and the ids of its four columns (Ready, Doing, Review, Done). */
public record Board(BoardId id, String name, Map<Status, Long> columnIds) {
    public Board {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("a board has a name");
        }
        EnumMap<Status, Long> ids = new EnumMap<>(Status.class);
        ids.putAll(columnIds == null ? Map.of() : columnIds);
        columnIds = Collections.unmodifiableMap(ids);
    }

    public Long columnId(Status column) {
        return columnIds.get(column);
    }
}
