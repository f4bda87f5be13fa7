package dev.tasklane.application.port.in;

import dev.tasklane.domain.id.TaskId;
import dev.tasklane.domain.task.TaskIdentifier;
import org.junit.jupiter.api.Test;

import java.util.Random;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** How a path segment names a task: an id, an identifier, or nothing. */
class TaskRefTest {
    /** The documented shape of a numeric id, which the parser checks by hand. */
    private static final Pattern ID = Pattern.compile("-?[0-9]{1,18}");

    @Test
    void aWholeSegmentIntegerIsAnIdAndAnIdentifierIsMatchedExactly() {
        assertEquals(new TaskRef.ById(TaskId.of(12)), TaskRef.parse("12"));
        assertEquals(new TaskRef.ById(TaskId.of(-3)), TaskRef.parse("-3"));
        assertEquals(new TaskRef.ById(TaskId.of(999_999_999_999_999_999L)), TaskRef.parse("999999999999999999"));
        assertEquals(new TaskRef.ByIdentifier(TaskIdentifier.parse("W12").orElseThrow()), TaskRef.parse("W12"));
        for (String notAnId : new String[] {"", "-", "--1", "1-", "+1", "1 ", " 1", "1e3", "0x1", "١٢",
                "1234567890123456789", "w12", "task", "W012"}) {
            assertEquals(new TaskRef.Malformed(notAnId), TaskRef.parse(notAnId), notAnId);
        }
        assertEquals(new TaskRef.Malformed(""), TaskRef.parse(null));
    }

    @Test
    void generatedSegmentsAreIdsExactlyWhenTheyHaveTheIdShape() {
        long seed = Long.getLong("tasklane.fuzz.seed", new Random().nextLong());
        System.out.println("TaskRefTest: seed " + seed + " (replay with -Dtasklane.fuzz.seed=" + seed + ")");
        Random random = new Random(seed);
        String alphabet = "0123456789-+ W٣a";
        for (int i = 0; i < 20_000; i++) {
            StringBuilder segment = new StringBuilder();
            int length = random.nextInt(21);
            for (int c = 0; c < length; c++) {
                segment.append(random.nextInt(4) == 0 ? alphabet.charAt(random.nextInt(alphabet.length()))
                        : (char) ('0' + random.nextInt(10)));
            }
            String text = segment.toString();
            boolean id = ID.matcher(text).matches();
            assertEquals(id, TaskRef.parse(text) instanceof TaskRef.ById, "seed " + seed + ": \"" + text + "\"");
            if (id) {
                assertEquals(new TaskRef.ById(TaskId.of(Long.parseLong(text))), TaskRef.parse(text));
            }
        }
    }
}
