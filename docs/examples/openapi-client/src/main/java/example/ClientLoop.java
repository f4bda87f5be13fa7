package example;

import com.fasterxml.jackson.databind.DeserializationFeature;
import example.client.ApiClient;
import example.client.ApiException;
import example.client.api.DefaultApi;
import example.client.model.Claim;
import example.client.model.ClaimBeforeDoingResult;
import example.client.model.Complete;
import example.client.model.CompleteAfterDoingResult;
import example.client.model.CompleteBeforeReviewResult;
import example.client.model.FullTask;
import example.client.model.FullTaskEnvelope;
import example.client.model.GetApiTasksNext200Response;
import example.client.model.PostApiTasks201Response;
import example.client.model.PostApiTasksRequest;
import example.client.model.PutApiTasksIdChangedFiles200Response;
import example.client.model.Task;
import example.client.model.TaskTask;

/**
 * An agent's loop through a client that openapi-generator made from Tasklane's OpenAPI document, with typed calls
 * only: create a task, ask for the next one, claim it with the before_doing proof, complete it with the after_doing
 * and before_review proofs. Arguments: the server's URL and an API token.
 */
public final class ClientLoop {
    private ClientLoop() {
    }

    public static void main(String[] args) throws ApiException {
        String url = args[0];
        String token = args[1];
        ApiClient client = new ApiClient();
        client.updateBaseUri(url);
        client.setRequestInterceptor(request -> request.header("Authorization", "Bearer " + token));
        // an answer that is one of several shapes (a task, or a goal with its children) is read as the first shape it
        // fits; refusing keys a shape does not name makes "fits" exact, since the document names every key
        client.setObjectMapper(client.getObjectMapper()
                .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, true));
        DefaultApi api = new DefaultApi(client);

        PostApiTasks201Response created = api.postApiTasks(new PostApiTasksRequest(new Task().task(new TaskTask()
                .title("Say hello from a generated client")
                .type(TaskTask.TypeEnum.WORK)
                .priority(TaskTask.PriorityEnum.HIGH)
                .complexity(TaskTask.ComplexityEnum.SMALL)
                .acceptanceCriteria("The task reaches Done"))), null);
        String identifier = ((FullTaskEnvelope) created.getActualInstance()).getData().getIdentifier();
        check(identifier.startsWith("W"), "created " + identifier);

        GetApiTasksNext200Response next = api.getApiTasksNext();
        FullTask offered = ((FullTaskEnvelope) next.getActualInstance()).getData();
        check(identifier.equals(offered.getIdentifier()), "next offers " + offered.getIdentifier());

        FullTask claimed = api.postApiTasksClaim(new Claim()
                .identifier(identifier)
                .agentName("generated-client")
                .beforeDoingResult(new ClaimBeforeDoingResult().exitCode(0).output("ready").durationMs(12)), null)
                .getData();
        check("in_progress".equals(claimed.getStatus()), "claimed: " + claimed.getStatus());

        PutApiTasksIdChangedFiles200Response completed = api.patchApiTasksIdComplete(identifier, new Complete()
                .agentName("generated-client")
                .completionSummary("Said hello")
                .actualComplexity(Complete.ActualComplexityEnum.SMALL)
                .actualFilesChanged("hello.txt")
                .timeSpentMinutes(1)
                .afterDoingResult(new CompleteAfterDoingResult().exitCode(0).output("tests pass").durationMs(30))
                .beforeReviewResult(new CompleteBeforeReviewResult().exitCode(0).output("pr opened").durationMs(5)),
                null);
        FullTask done = ((FullTaskEnvelope) completed.getActualInstance()).getData();
        check("completed".equals(done.getStatus()), "completed: " + done.getStatus());
        System.out.println("openapi client: created, next, claimed and completed " + identifier
                + " through the generated client");
    }

    private static void check(boolean condition, String what) {
        if (!condition) {
            throw new IllegalStateException("unexpected: " + what);
        }
    }
}
