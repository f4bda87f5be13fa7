package dev.tasklane.client;

import com.fasterxml.jackson.databind.JsonNode;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** {@code create FILE}: creates the task, goal or goals a JSON or YAML file describes (see {@link TaskFile}). */
@Command(name = "create", description = "Create the task or goal in FILE (JSON or YAML); a list of goals is one batch")
final class CreateCommand extends AgentSubcommand {
    @Parameters(paramLabel = "FILE", description = "A .json, .yaml or .yml file")
    Path file;

    @Override
    public Integer call() {
        TaskFile tasks = TaskFile.read(file);
        TasklaneClient client = session().client;
        JsonNode created = tasks.batch() ? client.createBatch(tasks.content()) : client.create(tasks.content());
        print(created, "Created " + String.join(", ", identifiers(created)));
        return ExitCodes.OK;
    }

    /** The identifiers in a creation answer: {@code data}, {@code {goal, child_tasks}} or {@code goals: [...]}. */
    private static List<String> identifiers(JsonNode created) {
        List<String> identifiers = new ArrayList<>();
        if (created.has("goals")) {
            created.get("goals").forEach(goal -> identifiers.addAll(identifiers(goal)));
        } else if (created.has("goal")) {
            identifiers.add(created.get("goal").path("identifier").asText());
            created.path("child_tasks").forEach(child -> identifiers.add(child.path("identifier").asText()));
        } else {
            identifiers.add(created.path("data").path("identifier").asText());
        }
        return identifiers;
    }
}
