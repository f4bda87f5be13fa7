package dev.tasklane.domain.identity;

import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.task.Column;

import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;

/** A board: a name and the ids of its four columns (Ready, Doing, Review, Done). */
public record Board(BoardId id, String name, Map<Column, Long> columnIds) {
    public Board {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("a board has a name");
        }
        EnumMap<Column, Long> ids = new EnumMap<>(Column.class);
        ids.putAll(columnIds == null ? Map.of() : columnIds);
        columnIds = Collections.unmodifiableMap(ids);
    }

    public Long columnId(Column column) {
        return columnIds.get(column);
    }
}
