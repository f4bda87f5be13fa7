package dev.tasklane.domain.selection;

import dev.tasklane.domain.error.ErrorDetails;
import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.selection.SelectionRule.ClaimPolicy;
import dev.tasklane.domain.selection.Verdict.Refused;
import dev.tasklane.domain.task.Capability;
import dev.tasklane.domain.task.Status;
import dev.tasklane.domain.task.Task;
import dev.tasklane.domain.testing.TaskFixtures;
import dev.tasklane.domain.testing.TaskFixtures.ListContext;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.List;

import static dev.tasklane.domain.testing.TaskFixtures.ALICE;
import static dev.tasklane.domain.testing.TaskFixtures.BOB;
import static dev.tasklane.domain.testing.TaskFixtures.NOW;
import static dev.tasklane.domain.testing.TaskFixtures.TTL;
import static dev.tasklane.domain.testing.TaskFixtures.agent;
import static dev.tasklane.domain.testing.TaskFixtures.context;
import static dev.tasklane.domain.testing.TaskFixtures.task;
import static dev.tasklane.domain.testing.TaskFixtures.withCapabilities;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SelectionRuleTest {
    private static final ListContext ALICE_ALONE = context(agent(ALICE));

    private static void assertAllowed(SelectionRule rule, Task task, SelectionContext context) {
        assertSame(Verdict.ALLOWED, rule.check(task, context), rule + " should allow " + task.identifier());
    }

    private static Refused assertRefused(SelectionRule rule, Task task, SelectionContext context) {
        Refused refused = assertInstanceOf(Refused.class, rule.check(task, context));
        assertEquals(rule, refused.rule());
        return refused;
    }

    @Nested
    class ReadyOrExpired {
        private final SelectionRule rule = SelectionRule.READY_OR_EXPIRED;

        @Test
        void openIsAllowed() {
            assertAllowed(rule, task("W1").build(), ALICE_ALONE);
        }

        @Test
        void aLiveClaimIsRefusedAndAnExpiredOneAllowed() {
            Task held = task("W1").claimedBy(BOB, "b", NOW.minus(TTL).plusSeconds(1), "t", null).build();
            Refused refused = assertRefused(rule, held, ALICE_ALONE);
            assertEquals(new ErrorDetails.CurrentStatus("in_progress"), refused.details());
            assertAllowed(rule, held, ALICE_ALONE.at(NOW.plusSeconds(1)));
        }

        @ParameterizedTest
        @EnumSource(value = Status.class, names = {"REVIEW", "COMPLETED"})
        void reviewAndDoneAreRefused(Status status) {
            Task task = task("W3").status(status).build();
            Refused refused = assertRefused(rule, task, ALICE_ALONE);
            assertEquals(new ErrorDetails.CurrentStatus(status.code()), refused.details());
            assertTrue(refused.reason().startsWith("Task 'W3' is not available to claim: its status is " + status.code()),
                    refused.reason());
        }
    }

    @Nested
    class ClaimableType {
        private final SelectionRule rule = SelectionRule.CLAIMABLE_TYPE;

        @Test
        void workAndDefectsAreAllowed() {
            assertAllowed(rule, task("W1").build(), ALICE_ALONE);
            assertAllowed(rule, task("D1").build(), ALICE_ALONE);
        }

        @Test
        void goalsAreRefused() {
            Refused refused = assertRefused(rule, task("G1").build(), ALICE_ALONE);
            assertEquals(new ErrorDetails.UnclaimableType("goal"), refused.details());
            assertEquals("Task 'G1' is a goal and cannot be claimed by an agent; claim one of its work or defect tasks instead.",
                    refused.reason());
        }

        @Test
        void humanTasksAreRefused() {
            Refused refused = assertRefused(rule, task("W4").humanTask().build(), ALICE_ALONE);
            assertEquals(new ErrorDetails.UnclaimableType("work"), refused.details());
            assertTrue(refused.reason().contains("a task reserved for a human"), refused.reason());
        }
    }

    @Nested
    class DependenciesCompleted {
        private final SelectionRule rule = SelectionRule.DEPENDENCIES_COMPLETED;

        @Test
        void noDependenciesIsAllowed() {
            assertAllowed(rule, task("W1").build(), ALICE_ALONE);
        }

        @Test
        void completedDependenciesAreAllowed() {
            Task w2 = task("W2").status(Status.COMPLETED).build();
            Task d1 = task("D1").status(Status.COMPLETED).build();
            Task w1 = task("W1").dependsOn("W2", "D1").build();
            assertAllowed(rule, w1, context(agent(ALICE), w1, w2, d1));
        }

        @Test
        void unfinishedDependenciesAreNamedInOrder() {
            Task w2 = task("W2").status(Status.REVIEW).build();
            Task w3 = task("W3").status(Status.COMPLETED).build();
            Task w4 = task("W4").build();
            Task w1 = task("W1").dependsOn("W4", "W3", "W2").build();
            Refused refused = assertRefused(rule, w1, context(agent(ALICE), w1, w2, w3, w4));
            assertEquals(new ErrorDetails.BlockedBy(TaskFixtures.ids("W4", "W2")), refused.details());
            assertEquals("Task 'W1' is blocked by unfinished dependencies: W4, W2. It becomes claimable when they are done.",
                    refused.reason());
        }
    }

    @Nested
    class KeyFilesFree {
        private final SelectionRule rule = SelectionRule.KEY_FILES_FREE;

        @Test
        void noKeyFilesNeverConflict() {
            Task holder = task("W7").id(7).claimedBy(BOB, "b", NOW, "t", null).keyFiles("a.txt").build();
            assertAllowed(rule, task("W1").id(1).build(), context(agent(ALICE), holder));
        }

        @Test
        void aFileHeldInDoingIsRefusedNamingTheHolderTaskAndAgent() {
            Task holder = task("W7").id(7).claimedBy(BOB, "gemini", NOW, "t", null).keyFiles("lib/b.ex").build();
            Task wanted = task("W1").id(1).keyFiles("lib/a.ex", "lib/b.ex").build();
            Refused refused = assertRefused(rule, wanted, context(agent(ALICE), holder, wanted));
            assertEquals(new ErrorDetails.KeyFileHeld("lib/b.ex", "W7", "gemini"), refused.details());
            assertEquals("Task 'W1' would modify lib/b.ex, which task W7 (agent gemini) is modifying now. "
                    + "Pick another task or wait until W7 is done.", refused.reason());
        }

        @Test
        void aFileHeldInReviewIsRefused() {
            Task holder = task("W7").id(7).status(Status.REVIEW).keyFiles("x").build();
            Task wanted = task("W1").id(1).keyFiles("x").build();
            Refused refused = assertRefused(rule, wanted, context(agent(ALICE), holder, wanted));
            assertEquals(new ErrorDetails.KeyFileHeld("x", "W7", null), refused.details());
        }

        @Test
        void filesOfOpenOrCompletedTasksAndOfTheTaskItselfAreFree() {
            Task open = task("W7").id(7).keyFiles("x").build();
            Task done = task("W8").id(8).status(Status.COMPLETED).keyFiles("x").build();
            Task self = task("W1").id(1).claimedBy(ALICE, "a", NOW.minus(TTL), "t", null).keyFiles("x").build();
            assertAllowed(rule, self, context(agent(ALICE), open, done, self));
        }
    }

    @Nested
    class AssigneeMatches {
        private final SelectionRule rule = SelectionRule.ASSIGNEE_MATCHES;

        @Test
        void unassignedAndOwnTasksAreAllowed() {
            assertAllowed(rule, task("W1").build(), ALICE_ALONE);
            assertAllowed(rule, task("W1").assignedTo(ALICE).build(), ALICE_ALONE);
        }

        @Test
        void anotherUsersTaskIsRefused() {
            Refused refused = assertRefused(rule, task("W1").assignedTo(BOB).build(), ALICE_ALONE);
            assertEquals(new ErrorDetails.AssignedElsewhere(BOB), refused.details());
            assertEquals("Task 'W1' is assigned to a different user. Only the assigned user can claim it.", refused.reason());
        }

        @Test
        void largeUserIdsAreComparedByValue() {
            long big = 1_000_000L;
            assertAllowed(rule, task("W1").assignedTo(UserId.of(big)).build(), context(agent(UserId.of(big))));
        }

        @Test
        void anExpiredClaimIsJudgedByThePriorAssigneeNotTheLapsedClaimer() {
            Task lapsedUnassigned = task("W1").claimedBy(BOB, "b", NOW.minus(TTL), "t", null).build();
            assertAllowed(rule, lapsedUnassigned, ALICE_ALONE);

            Task lapsedBobsOwn = task("W2").claimedBy(ALICE, "a", NOW.minus(TTL), "t", BOB).build();
            Refused refused = assertRefused(rule, lapsedBobsOwn, ALICE_ALONE);
            assertEquals(new ErrorDetails.AssignedElsewhere(BOB), refused.details());
            assertAllowed(rule, lapsedBobsOwn, context(agent(BOB)));
        }
    }

    @Nested
    class CapabilitiesMatch {
        private final SelectionRule rule = SelectionRule.CAPABILITIES_MATCH;

        @Test
        void emptyTokenCapabilitiesMatchEverything() {
            Task task = task("W1").requires(Capability.TESTING, Capability.DEVOPS).build();
            assertAllowed(rule, task, context(withCapabilities(ALICE)));
        }

        @Test
        void emptyTaskRequirementsMatchAnyToken() {
            assertAllowed(rule, task("W1").build(), context(withCapabilities(ALICE, Capability.GIT)));
        }

        @Test
        void aSubsetIsAllowed() {
            Task task = task("W1").requires(Capability.TESTING).build();
            assertAllowed(rule, task, context(withCapabilities(ALICE, Capability.TESTING, Capability.GIT)));
        }

        @Test
        void missingCapabilitiesAreRefusedAndNamed() {
            Task task = task("W1").requires(Capability.TESTING, Capability.DEVOPS, Capability.GIT).build();
            Refused refused = assertRefused(rule, task, context(withCapabilities(ALICE, Capability.GIT)));
            assertEquals(new ErrorDetails.MissingCapabilities(List.of("devops", "testing")), refused.details());
            assertEquals("Task 'W1' requires capabilities your token does not have: devops, testing.", refused.reason());
        }
    }

    @Nested
    class Policy {
        /** A goal assigned to BOB, blocked by W2, needing a capability ALICE lacks: refused by several rules. */
        private Task manyWaysRefused() {
            return task("G1").id(1).assignedTo(BOB).dependsOn("W2").requires(Capability.DEVOPS).build();
        }

        @Test
        void evaluateReturnsTheFirstRefusalInRuleOrder() {
            Verdict verdict = ClaimPolicy.evaluate(manyWaysRefused(), context(withCapabilities(ALICE, Capability.GIT)));
            assertEquals(SelectionRule.CLAIMABLE_TYPE, assertInstanceOf(Refused.class, verdict).rule());
        }

        @Test
        void refusalsListsEveryRefusalInRuleOrder() {
            List<Refused> refusals = ClaimPolicy.refusals(manyWaysRefused(), context(withCapabilities(ALICE, Capability.GIT)));
            assertEquals(List.of(SelectionRule.CLAIMABLE_TYPE, SelectionRule.DEPENDENCIES_COMPLETED,
                            SelectionRule.ASSIGNEE_MATCHES, SelectionRule.CAPABILITIES_MATCH),
                    refusals.stream().map(Refused::rule).toList());
        }

        @Test
        void aTaskPassingEveryRuleIsAllowed() {
            Task task = task("W1").build();
            assertSame(Verdict.ALLOWED, ClaimPolicy.evaluate(task, ALICE_ALONE));
            assertTrue(ClaimPolicy.refusals(task, ALICE_ALONE).isEmpty());
            assertTrue(ClaimPolicy.eligible(task, ALICE_ALONE));
        }

        @Test
        void rulesRunInTheSpecsOrder() {
            assertEquals(List.of(SelectionRule.READY_OR_EXPIRED, SelectionRule.CLAIMABLE_TYPE,
                    SelectionRule.DEPENDENCIES_COMPLETED, SelectionRule.KEY_FILES_FREE,
                    SelectionRule.ASSIGNEE_MATCHES, SelectionRule.CAPABILITIES_MATCH), List.of(SelectionRule.values()));
        }
    }
}
