package dev.tasklane.client;

import picocli.CommandLine;

import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Map;

/**
 * Entry point of {@code tasklane agent <subcommand>}. The caller passes the words after {@code tasklane agent}
 * (a leading {@code agent} is accepted too), the environment and the output streams; the answer is the exit code
 * (see {@link ExitCodes}).
 */
public final class AgentCli {
    private AgentCli() {
    }

    public static int run(String[] args, Map<String, String> env, PrintStream out, PrintStream err) {
        String[] words = args.length > 0 && "agent".equals(args[0]) ? Arrays.copyOfRange(args, 1, args.length) : args;
        CommandLine cli = new CommandLine(new AgentCommand(env, out, err))
                .setOut(new PrintWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8), true))
                .setErr(new PrintWriter(new OutputStreamWriter(err, StandardCharsets.UTF_8), true))
                .setExecutionExceptionHandler((failure, line, parsed) -> report(failure, err));
        return cli.execute(words);
    }

    private static int report(Exception failure, PrintStream err) throws Exception {
        if (failure instanceof AgentStoppedException stopped) {
            err.println(stopped.getMessage());
            return stopped.exitCode();
        }
        if (failure instanceof UsageException usage) {
            err.println(usage.getMessage());
            return ExitCodes.USAGE;
        }
        if (failure instanceof TasklaneApiException refused) {
            err.println(refused.getMessage());
            return ExitCodes.API_ERROR;
        }
        if (failure instanceof UncheckedIOException io) {
            err.println(io.getMessage());
            return ExitCodes.API_ERROR;
        }
        throw failure;
    }
}
