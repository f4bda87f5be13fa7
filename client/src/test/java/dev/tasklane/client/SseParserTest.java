package dev.tasklane.client;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class SseParserTest {

    @Test
    void aBlankLineDispatchesTheFieldsSeenSinceTheLastOne() {
        SseParser parser = new SseParser();
        List<ServerEvent> events = new ArrayList<>();
        for (String line : List.of(": keep-alive", "", "event: task.reviewed", "id: 7",
                "data: {\"identifier\":\"W3\",\"status\":\"review\"}", "", "event:task.done", "data:{}", "")) {
            parser.line(line).ifPresent(events::add);
        }

        assertEquals(2, events.size());
        assertEquals("task.reviewed", events.get(0).type());
        assertEquals("7", events.get(0).id());
        assertEquals("W3", events.get(0).identifier());
        assertEquals("task.done", events.get(1).type());
    }
}
