package dev.tasklane.adapter.jdbi;

import dev.tasklane.domain.task.Detail;
import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.task.AfterGoal;
import dev.tasklane.domain.task.AfterGoalAttempt;
import dev.tasklane.domain.task.Archive;
import dev.tasklane.domain.task.ArchiveReason;
import dev.tasklane.domain.task.Capability;
import dev.tasklane.domain.task.Claim;
import dev.tasklane.domain.task.KeyFile;
import dev.tasklane.domain.task.Review;
import dev.tasklane.domain.task.ReviewStatus;
import dev.tasklane.domain.task.TaskIdentifier;
import dev.tasklane.domain.task.TaskSpec;
import dev.tasklane.domain.task.VerificationStep;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * The task table's document columns keep the form rows are stored in: each document as the store writes it today
 * reads into the domain's values and is written back byte for byte, and each older form the store still holds (a
 * key added later missing, a key it no longer reads present) reads as it always has.
 */
class TaskDocumentsTest {
    private static final String SPEC_TODAY = "{\"title\":\"Add login\",\"type\":\"WORK\",\"priority\":\"HIGH\","
            + "\"complexity\":\"MEDIUM\",\"description\":null,\"acceptance_criteria\":\"a\\nb\",\"needs_review\":true,"
            + "\"human_task\":false,\"dependencies\":[\"W1\",\"G2\"],\"key_files\":[{\"file_path\":\"lib/a.ex\","
            + "\"note\":null,\"position\":0},{\"file_path\":\"lib/b.ex\",\"note\":\"n\",\"position\":1}],"
            + "\"verification_steps\":[{\"step_type\":\"COMMAND\",\"step_text\":\"mvn verify\",\"expected_result\":"
            + "\"green\",\"position\":0}],\"required_capabilities\":[\"CODE_GENERATION\",\"DEBUGGING\"],"
            + "\"testing_strategy\":{},\"security_considerations\":[\"tokens\"],\"details\":{\"why\":\"because\"}}";

    @Test
    void aSpecInTodaysFormReadsAndIsWrittenBackByteForByte() {
        TaskSpec spec = TaskDocuments.spec(SPEC_TODAY);

        assertEquals("a\nb", spec.acceptanceCriteria());
        assertEquals(List.of(TaskIdentifier.parse("W1").orElseThrow(), TaskIdentifier.parse("G2").orElseThrow()),
                spec.dependencies());
        assertEquals(List.of(new KeyFile("lib/a.ex", null, 0), new KeyFile("lib/b.ex", "n", 1)), spec.keyFiles());
        assertEquals(List.of(new VerificationStep(VerificationStep.StepType.COMMAND, "mvn verify", "green", 0)),
                spec.verificationSteps());
        assertEquals(Set.of(Capability.CODE_GENERATION, Capability.DEBUGGING), spec.requiredCapabilities());
        assertEquals("because", spec.details().text(Detail.WHY));
        assertEquals(SPEC_TODAY, TaskDocuments.spec(spec));
    }

    @Test
    void aSpecWithoutItsListsReadsThemAsEmptyAndIgnoresKeysItDoesNotName() {
        TaskSpec spec = TaskDocuments.spec("{\"title\":\"t\",\"type\":\"WORK\",\"priority\":\"LOW\","
                + "\"complexity\":\"SMALL\",\"legacy\":{\"k\":[1]}}");

        assertEquals(List.of(), spec.dependencies());
        assertEquals(List.of(), spec.keyFiles());
        assertEquals(Set.of(), spec.requiredCapabilities());
        assertEquals(List.of(), spec.securityConsiderations());
        assertEquals(false, spec.needsReview());
    }

    private static final String CLAIM_TODAY = "{\"agent_name\":\"claude\",\"claimed_at\":\"2026-11-23T01:00:00.123456789Z\","
            + "\"expires_at\":\"2026-11-23T02:00:00Z\",\"claim_token\":\"tok\",\"assignee_before_claim\":7,\"token_id\":42}";
    /** A claim stored before claims were held by a token. */
    private static final String CLAIM_BEFORE_TOKENS = "{\"agent_name\":\"claude\",\"claimed_at\":\"2026-11-23T01:00:00Z\","
            + "\"expires_at\":\"2026-11-23T02:00:00Z\",\"claim_token\":\"tok\",\"assignee_before_claim\":null}";

    @Test
    void aClaimInTodaysFormReadsAndIsWrittenBackByteForByte() {
        Claim claim = TaskDocuments.claim(CLAIM_TODAY);

        assertEquals(new Claim("claude", Instant.parse("2026-11-23T01:00:00.123456789Z"),
                Instant.parse("2026-11-23T02:00:00Z"), "tok", UserId.of(7), 42L), claim);
        assertEquals(CLAIM_TODAY, TaskDocuments.claim(claim));
    }

    @Test
    void aClaimStoredBeforeTokensHeldClaimsReadsWithoutAToken() {
        Claim claim = TaskDocuments.claim(CLAIM_BEFORE_TOKENS);

        assertEquals(new Claim("claude", Instant.parse("2026-11-23T01:00:00Z"), Instant.parse("2026-11-23T02:00:00Z"),
                "tok", null, null), claim);
        assertEquals(CLAIM_BEFORE_TOKENS.replace("}", ",\"token_id\":null}"), TaskDocuments.claim(claim));
    }

    private static final String REVIEW_TODAY = "{\"status\":\"APPROVED\",\"notes\":\"fine\","
            + "\"reviewed_at\":\"2026-11-23T03:00:00Z\",\"reviewed_by_id\":5}";

    @Test
    void aReviewInTodaysFormReadsAndIsWrittenBackByteForByte() {
        Review review = TaskDocuments.review(REVIEW_TODAY);

        assertEquals(new Review(ReviewStatus.APPROVED, "fine", Instant.parse("2026-11-23T03:00:00Z"), UserId.of(5)),
                review);
        assertEquals(REVIEW_TODAY, TaskDocuments.review(review));
    }

    private static final String AFTER_GOAL_TODAY = "{\"state\":\"PENDING\",\"armed_at\":\"2026-11-23T04:00:00Z\","
            + "\"last_result\":{\"exit_code\":1,\"output\":\"late\",\"duration_ms\":0,"
            + "\"source\":\"after_goal_grace_worker\",\"reported_at\":\"2026-11-23T05:00:00Z\"},"
            + "\"attempts\":[{\"exit_code\":2,\"output\":\"failed\",\"duration_ms\":1500,"
            + "\"reported_at\":\"2026-11-23T04:30:00Z\"},{\"exit_code\":1,\"output\":\"late\",\"duration_ms\":0,"
            + "\"source\":\"after_goal_grace_worker\",\"reported_at\":\"2026-11-23T05:00:00Z\"}]}";
    /** An after_goal stored before the grace worker reported: no attempt names its source. */
    private static final String AFTER_GOAL_BEFORE_GRACE_WORKER = "{\"state\":\"SUCCEEDED\","
            + "\"armed_at\":\"2026-11-23T04:00:00Z\",\"last_result\":{\"exit_code\":0,\"output\":\"ok\","
            + "\"duration_ms\":12,\"reported_at\":\"2026-11-23T04:10:00Z\"},\"attempts\":[{\"exit_code\":0,"
            + "\"output\":\"ok\",\"duration_ms\":12,\"reported_at\":\"2026-11-23T04:10:00Z\"}]}";

    @Test
    void anAfterGoalInTodaysFormReadsAndIsWrittenBackByteForByte() {
        AfterGoal afterGoal = TaskDocuments.afterGoal(AFTER_GOAL_TODAY);

        AfterGoalAttempt grace = new AfterGoalAttempt(1, "late", 0, AfterGoalAttempt.Source.GRACE_WORKER,
                Instant.parse("2026-11-23T05:00:00Z"));
        assertEquals(new AfterGoal(AfterGoal.State.PENDING, Instant.parse("2026-11-23T04:00:00Z"), grace,
                List.of(new AfterGoalAttempt(2, "failed", 1500, AfterGoalAttempt.Source.AGENT,
                        Instant.parse("2026-11-23T04:30:00Z")), grace)), afterGoal);
        assertEquals(AFTER_GOAL_TODAY, TaskDocuments.afterGoal(afterGoal));
    }

    @Test
    void anAfterGoalStoredBeforeTheGraceWorkerReadsAsTheAgentsReports() {
        AfterGoal afterGoal = TaskDocuments.afterGoal(AFTER_GOAL_BEFORE_GRACE_WORKER);

        assertEquals(AfterGoalAttempt.Source.AGENT, afterGoal.lastResult().source());
        assertEquals(List.of(afterGoal.lastResult()), afterGoal.attempts());
        assertEquals(AFTER_GOAL_BEFORE_GRACE_WORKER, TaskDocuments.afterGoal(afterGoal));
    }

    @Test
    void anAfterGoalArmedWithoutReportsReadsWithNone() {
        String armed = "{\"state\":\"PENDING\",\"armed_at\":\"2026-11-23T04:00:00Z\",\"last_result\":null,\"attempts\":[]}";
        AfterGoal afterGoal = TaskDocuments.afterGoal(armed);

        assertNull(afterGoal.lastResult());
        assertEquals(List.of(), afterGoal.attempts());
        assertEquals(armed, TaskDocuments.afterGoal(afterGoal));
    }

    private static final String ARCHIVE_TODAY = "{\"archived_at\":\"2026-11-24T00:00:00.500Z\",\"reason\":\"DUPLICATE\","
            + "\"note\":\"same as W3\",\"duplicate_of\":\"W3\",\"archived_by_id\":9}";

    @Test
    void anArchiveInTodaysFormReadsAndIsWrittenBackByteForByte() {
        Archive archive = TaskDocuments.archive(ARCHIVE_TODAY);

        assertEquals(new Archive(Instant.parse("2026-11-24T00:00:00.500Z"), ArchiveReason.DUPLICATE, "same as W3", "W3",
                UserId.of(9)), archive);
        assertEquals(ARCHIVE_TODAY, TaskDocuments.archive(archive));
        String byTheServer = "{\"archived_at\":\"2026-11-24T00:00:00Z\",\"reason\":\"COMPLETED\",\"note\":null,"
                + "\"duplicate_of\":null,\"archived_by_id\":null}";
        assertEquals(byTheServer, TaskDocuments.archive(TaskDocuments.archive(byTheServer)));
    }

    @Test
    void aNullColumnReadsAsNoValue() {
        assertNull(TaskDocuments.claim((String) null));
        assertNull(TaskDocuments.completion((String) null));
        assertNull(TaskDocuments.review((String) null));
        assertNull(TaskDocuments.afterGoal((String) null));
        assertNull(TaskDocuments.archive((String) null));
        assertNull(TaskDocuments.claim((Claim) null));
        assertNull(TaskDocuments.archive((Archive) null));
    }

    @Test
    void keysADocumentDoesNotNameAreIgnored() {
        assertEquals(TaskDocuments.claim(CLAIM_TODAY),
                TaskDocuments.claim(CLAIM_TODAY.replace("{", "{\"lease_note\":{\"x\":[1,2]},")));
        assertEquals(TaskDocuments.review(REVIEW_TODAY), TaskDocuments.review(REVIEW_TODAY.replace("}", ",\"extra\":1}")));
    }
}
