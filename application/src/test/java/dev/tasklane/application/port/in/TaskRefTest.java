package dev.tasklane.application.port.in;

import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

/** How a path segment names a task: a whole number of up to 18 digits is an id, an identifier's shape an identifier. */
final class TaskRefTest {
    @Test
    void aWholeNumberIsAnIdAndAnIdentifierIsAnIdentifier() {
        assertEquals(12, ((TaskRef.ById) TaskRef.parse("12")).id().value());
        assertEquals(-3, ((TaskRef.ById) TaskRef.parse("-3")).id().value());
        assertInstanceOf(TaskRef.ByIdentifier.class, TaskRef.parse("W12"));
        assertInstanceOf(TaskRef.Malformed.class, TaskRef.parse("w12"));
        assertInstanceOf(TaskRef.Malformed.class, TaskRef.parse("1234567890123456789"), "19 digits are no id");
        assertInstanceOf(TaskRef.Malformed.class, TaskRef.parse("-"));
        assertInstanceOf(TaskRef.Malformed.class, TaskRef.parse("١٢"), "only ASCII digits make an id");
        assertInstanceOf(TaskRef.Malformed.class, TaskRef.parse(null));
    }

    @Test
    void generatedSegmentsAreIdsExactlyWhenTheyMatchThePattern() {
        long seed = new Random().nextLong();
        System.out.println("TaskRefTest seed " + seed);
        Random random = new Random(seed);
        String alphabet = "0123456789-+ W١x";
        for (int i = 0; i < 20_000; i++) {
            StringBuilder segment = new StringBuilder();
            int length = random.nextInt(22);
            for (int c = 0; c < length; c++) {
                segment.append(random.nextInt(4) == 0 ? alphabet.charAt(random.nextInt(alphabet.length()))
                        : (char) ('0' + random.nextInt(10)));
            }
            String text = segment.toString();
            assertEquals(text.matches("-?[0-9]{1,18}"), TaskRef.parse(text) instanceof TaskRef.ById,
                    "segment '" + text + "' (seed " + seed + ")");
        }
    }
}
