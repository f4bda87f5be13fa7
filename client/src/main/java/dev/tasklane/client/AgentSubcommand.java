package dev.tasklane.client;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.ParentCommand;

import java.io.PrintStream;
import java.util.concurrent.Callable;

/**
 * The shared part of every subcommand: the common options, the session they describe, and printing. With
 * {@code --json}, stdout carries only the JSON answer and progress (hook and command output) goes to stderr.
 */
abstract class AgentSubcommand implements Callable<Integer> {
    static final String AGENT_NAME_ENV = "TASKLANE_AGENT_NAME";
    static final String DEFAULT_AGENT_NAME = "tasklane-agent";
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    @ParentCommand
    AgentCommand parent;

    @Mixin
    AgentOptions options;

    private AgentSession session;

    AgentSession session() {
        if (session == null) {
            Credentials credentials = Credentials.resolve(options.url, options.token, parent.env, options.dir);
            String agentName = options.agentName != null ? options.agentName
                    : parent.env.getOrDefault(AGENT_NAME_ENV, DEFAULT_AGENT_NAME);
            PrintStream progress = options.json ? parent.err : parent.out;
            session = new AgentSession(TasklaneClient.connect(credentials), options.dir, agentName, progress,
                    parent.err, parent.env);
        }
        return session;
    }

    /** Prints {@code json} with {@code --json}, else {@code text}. */
    void print(JsonNode json, String text) {
        if (options.json) {
            try {
                parent.out.println(JSON.writeValueAsString(json));
            } catch (JsonProcessingException unprintable) {
                throw new IllegalStateException(unprintable);
            }
        } else {
            parent.out.println(text.endsWith("\n") ? text.substring(0, text.length() - 1) : text);
        }
    }

    void printTask(TaskData task) {
        print(task.json(), TaskText.details(task));
    }

    /** The held task, or a usage error. */
    ClaimState held() {
        return ClaimState.require(options.dir);
    }
}
