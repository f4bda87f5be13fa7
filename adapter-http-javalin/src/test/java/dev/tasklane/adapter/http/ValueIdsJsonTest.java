package dev.tasklane.adapter.http;

import dev.tasklane.adapter.http.pipeline.HttpSettings;
import dev.tasklane.adapter.http.pipeline.Json;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.id.TaskId;
import dev.tasklane.domain.id.UserId;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The one JSON mapper writes a value id as the bare number it wraps (docs/architecture.md, "Value ids"). */
class ValueIdsJsonTest {
    private static final long SEED = Long.getLong("tasklane.test.seed", System.nanoTime());
    private static final Json JSON = new Json(HttpSettings.defaults("http://localhost"));

    @Test
    void anIdIsWrittenAsItsNumber() throws Exception {
        System.out.println("ValueIdsJsonTest seed: " + SEED + " (rerun with -Dtasklane.test.seed=" + SEED + ")");
        Random random = new Random(SEED);
        for (int i = 0; i < 200; i++) {
            long n = i < 3 ? List.of(0L, Long.MAX_VALUE, Long.MIN_VALUE).get(i) : random.nextLong();
            Map<String, Object> answer = new LinkedHashMap<>();
            answer.put("task_id", TaskId.of(n));
            answer.put("user_id", UserId.of(n));
            answer.put("board_id", BoardId.of(n));
            answer.put("ids", List.of(UserId.of(n)));
            assertEquals("{\"task_id\":" + n + ",\"user_id\":" + n + ",\"board_id\":" + n + ",\"ids\":[" + n + "]}",
                    JSON.mapper().writeValueAsString(answer));
        }
    }
}
