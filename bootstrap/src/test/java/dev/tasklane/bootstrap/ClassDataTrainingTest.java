package dev.tasklane.bootstrap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The training run of the class-data sharing archive (docs/configuration.md, "Start-up time"): both starts of the
 * server, fresh and existing, answer every trained request, and the run keeps to the directory it is given.
 */
class ClassDataTrainingTest {
    @TempDir
    Path data;

    @Test
    void startsFreshThenExistingAndAnswersEveryTrainedRequestInItsOwnDirectory() throws Exception {
        boolean defaultDataDirBefore = Files.exists(Path.of(StoreConfig.DEFAULT_DATA_DIR));
        ByteArrayOutputStream said = new ByteArrayOutputStream();
        // a few claim cycles: each one fails the training run unless its batch, next, claim and completion succeed
        ClassDataTraining.train(data, new PrintStream(said, true, StandardCharsets.UTF_8), 3);

        List<String> lines = said.toString(StandardCharsets.UTF_8).lines().toList();
        assertEquals(2, lines.size(), lines.toString());
        assertTrue(lines.get(0).startsWith("class-data training: fresh data directory"), lines.get(0));
        assertTrue(lines.get(1).startsWith("class-data training: existing data directory"), lines.get(1));
        assertTrue(Files.exists(data.resolve("tasklane.mv.db")), "the H2 store was made in the given directory");
        assertEquals(defaultDataDirBefore, Files.exists(Path.of(StoreConfig.DEFAULT_DATA_DIR)),
                "the training run never touches " + StoreConfig.DEFAULT_DATA_DIR);
    }
}
