package dev.tasklane.domain.github;

import dev.tasklane.domain.error.InvalidInputException;
import dev.tasklane.domain.github.IssueRule.Act;
import dev.tasklane.domain.id.BoardId;
import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.task.Capability;
import dev.tasklane.domain.task.Priority;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The signature GitHub sends, the label table, the connection's checks and the rule, each case of it. */
class GithubRulesTest {
    private static final GithubConnection CONNECTION = new GithubConnection(BoardId.of(1), "octo-org/octo-repo",
            "a secret of sixteen+", null, null, UserId.of(1), Instant.EPOCH);

    @Test
    void theSignatureIsGithubsOwnExampleAndAnythingElseIsRefused() {
        // the example of GitHub's documentation, "Validating webhook deliveries"
        byte[] body = "Hello, World!".getBytes(StandardCharsets.UTF_8);
        String header = "sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17";
        assertEquals(header, GithubSignature.sign("It's a Secret to Everybody", body));
        assertTrue(GithubSignature.valid("It's a Secret to Everybody", body, header));
        assertTrue(GithubSignature.valid("It's a Secret to Everybody", body, header.toUpperCase().replace("SHA256=", "sha256=")),
                "hex digits of either case");
        for (String bad : new String[]{null, "", "sha256=", header.substring(0, header.length() - 1),
                header.replace("sha256=", "sha1=") , header.substring(0, 69) + "zz",
                header.replace('7', '8'), header + "0"}) {
            assertFalse(GithubSignature.valid("It's a Secret to Everybody", body, bad), String.valueOf(bad));
        }
        assertFalse(GithubSignature.valid("another secret", body, header));
        assertFalse(GithubSignature.valid("It's a Secret to Everybody", "Hello, World?".getBytes(), header));
    }

    @Test
    void theLabelTableMapsLabelsToTheHighestPriorityAndEveryCapability() {
        LabelTable table = LabelTable.DEFAULT;
        assertEquals(Priority.MEDIUM, table.priority(List.of("bug", "tasklane")));
        assertEquals(Priority.CRITICAL, table.priority(List.of("Low", "CRITICAL", "high")));
        assertEquals(Set.of(Capability.SECURITY_ANALYSIS, Capability.TESTING), table.capabilities(List.of("Security",
                "testing", "bug")));
        LabelTable own = new LabelTable(Map.of("P0", "priority:critical", "docs", "capability:documentation"));
        assertEquals(Priority.CRITICAL, own.priority(List.of("p0")));
        assertEquals(own, LabelTable.ofStored(own.stored()));
        assertThrows(InvalidInputException.class, () -> new LabelTable(Map.of("x", "priority:urgent")));
        assertThrows(InvalidInputException.class, () -> new LabelTable(Map.of("x", "capability:flying")));
        assertThrows(InvalidInputException.class, () -> new LabelTable(Map.of("x", "owner:me")));
        assertThrows(InvalidInputException.class, () -> new LabelTable(Map.of(" ", "priority:low")));
        Map<String, String> many = new java.util.HashMap<>();
        for (int i = 0; i <= LabelTable.MAX_ENTRIES; i++) {
            many.put("l" + i, "priority:low");
        }
        assertThrows(InvalidInputException.class, () -> new LabelTable(many));
    }

    @Test
    void aConnectionChecksItsRepositorySecretAndLabelAndNeverShowsItsSecret() {
        assertEquals("tasklane", CONNECTION.label());
        assertFalse(CONNECTION.toString().contains("a secret of sixteen+"));
        for (String repository : new String[]{null, "", "octo", "/repo", "octo/", "octo org/repo", "-octo/repo",
                "a".repeat(40) + "/repo", "octo/" + "r".repeat(101)}) {
            assertThrows(InvalidInputException.class, () -> GithubConnection.repository(repository), repository);
        }
        assertThrows(InvalidInputException.class, () -> new GithubConnection(BoardId.of(1), "o/r", "short", null,
                null, UserId.of(1), Instant.EPOCH));
        assertThrows(InvalidInputException.class, () -> new GithubConnection(BoardId.of(1), "o/r",
                "sixteen characters\twith a tab", null, null, UserId.of(1), Instant.EPOCH));
        assertThrows(InvalidInputException.class, () -> new GithubConnection(BoardId.of(1), "o/r", "x".repeat(20),
                "l".repeat(51), null, UserId.of(1), Instant.EPOCH));
    }

    @Test
    void anIssuesBodyIsCappedAndLinksBack() {
        IssueEvent event = new IssueEvent("opened", "o/r", 3, " ", "b".repeat(IssueEvent.MAX_BODY + 10), List.of(),
                "https://github.com/o/r/issues/3", null);
        assertEquals("Issue " + "#3", event.title(), "an issue without a title is named by its number");
        assertTrue(event.description().startsWith("b".repeat(IssueEvent.MAX_BODY) + "\n\n(cut at"));
        assertTrue(event.description().endsWith("From GitHub issue o/r#3: https://github.com/o/r/issues/3"));
        assertEquals(IssueEvent.MAX_TITLE, new IssueEvent("opened", "o/r", 3, "t".repeat(300), null, null, "", null)
                .title().length());
    }

    private static Act decide(String action, List<String> labels, boolean linked, boolean archived) {
        return IssueRule.decide(CONNECTION, new IssueEvent(action, "octo-org/octo-repo", 1, "t", "b", labels, "u",
                null), linked, archived).act();
    }

    @Test
    void theRuleDecidesEachActionByTheIssuesTask() {
        List<String> labelled = List.of("bug", "Tasklane");
        assertEquals(Act.CREATE, decide("opened", labelled, false, false));
        assertEquals(Act.IGNORE, decide("opened", List.of("bug"), false, false));
        assertEquals(Act.IGNORE, decide("opened", labelled, true, false));
        assertEquals(Act.CREATE, decide("labeled", labelled, false, false));
        assertEquals(Act.UPDATE, decide("labeled", labelled, true, false));
        assertEquals(Act.UPDATE, decide("unlabeled", List.of(), true, false));
        assertEquals(Act.UPDATE, decide("edited", labelled, true, false));
        assertEquals(Act.IGNORE, decide("edited", labelled, false, false));
        assertEquals(Act.ARCHIVE, decide("closed", labelled, true, false));
        assertEquals(Act.IGNORE, decide("closed", labelled, true, true));
        assertEquals(Act.IGNORE, decide("closed", labelled, false, false));
        assertEquals(Act.RESTORE, decide("reopened", labelled, true, true));
        assertEquals(Act.IGNORE, decide("reopened", labelled, true, false));
        assertEquals(Act.IGNORE, decide("assigned", labelled, true, false));
        assertEquals(Act.IGNORE, decide(null, labelled, true, false));
        IssueRule.Decision elsewhere = IssueRule.decide(CONNECTION, new IssueEvent("opened", "someone/else", 1, "t",
                "b", labelled, "u", null), false, false);
        assertEquals(Act.IGNORE, elsewhere.act());
        assertTrue(elsewhere.reason().contains("someone/else"), elsewhere.reason());
    }
}
