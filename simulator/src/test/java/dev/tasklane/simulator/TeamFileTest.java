package dev.tasklane.simulator;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Team files: every field read, and every bad value refused with a message naming the file and the field. */
class TeamFileTest {
    @TempDir
    Path dir;

    private Path file(String yaml) throws IOException {
        return Files.writeString(dir.resolve("team.yaml"), yaml);
    }

    private String refusal(String yaml) throws IOException {
        Path team = file(yaml);
        TeamConfigException refused = assertThrows(TeamConfigException.class, () -> TeamFile.read(team));
        assertTrue(refused.getMessage().startsWith(team + ": "), refused.getMessage());
        return refused.getMessage().substring(team.toString().length() + 2);
    }

    @Test
    void everyFieldIsRead() throws IOException {
        TeamConfig team = TeamFile.read(file("""
                name: one reviewer
                agents: 16
                reviewers: 1
                review_probability: 0.3
                rework_probability: 0.25
                failure_rate: 0.05
                work_minutes: {distribution: lognormal, median: 30, p90: 90, max: 240}
                review_minutes: 10-30
                """)).build("fallback");
        assertEquals(new TeamConfig("one reviewer", 16, 1, 0.3, 0.25, 0.05, new Distribution.LogNormal(30, 90, 240),
                new Distribution.Uniform(10, 30)), team);
    }

    @Test
    void questionsAndTheWipLimitAreRead() throws IOException {
        TeamConfig team = TeamFile.read(file("""
                question_rate: 0.15
                answer_minutes: lognormal:20:90:470
                wip_limit: 12
                """)).build("team");
        assertEquals(0.15, team.questionRate());
        assertEquals(new Distribution.LogNormal(20, 90, 470), team.answerMinutes());
        assertEquals(12, team.wipLimit());
        TeamConfig quiet = TeamFile.read(file("agents: 4\n")).build("team");
        assertEquals(0, quiet.questionRate(), "no questions unless asked for");
        assertEquals(TeamConfig.DEFAULT_ANSWER, quiet.answerMinutes());
        assertEquals(null, quiet.wipLimit(), "no WIP limit unless set");
    }

    @Test
    void anAnswerSlowerThanTheAwaitingInputBoundAndABadWipLimitAreRefused() throws IOException {
        assertEquals("answer_minutes must give at most 470 minutes (a question keeps the lease for 8 hours at most), got up to 480",
                refusal("answer_minutes: 10-480\n"));
        assertEquals("answer_minutes must give at most 470 minutes (a question keeps the lease for 8 hours at most), got up to 600",
                refusal("answer_minutes: lognormal:60:150\n"), "a log-normal without max is cut at four times its p90");
        assertEquals("question_rate must be a number from 0 to 1, got 2.0", refusal("question_rate: 2\n"));
        assertEquals("wip_limit must be a whole number from 1 to 10000, got 0", refusal("wip_limit: 0\n"));
    }

    @Test
    void leftOutFieldsTakeTheDefaultsAndTheFileNameNamesTheTeam() throws IOException {
        TeamConfig team = TeamFile.read(file("agents: 24\n")).build("team");
        assertEquals(new TeamConfig("team", 24, 3, TeamConfig.DEFAULT_REVIEW_PROBABILITY, TeamConfig.DEFAULT_REWORK_PROBABILITY,
                TeamConfig.DEFAULT_FAILURE_RATE, TeamConfig.DEFAULT_WORK, TeamConfig.DEFAULT_REVIEW), team);
    }

    @Test
    void distributionsAreWrittenAsOneValueOrAsAMapping() {
        assertEquals(new Distribution.Fixed(30), TeamFile.parse("work_minutes", "30"));
        assertEquals(new Distribution.Uniform(10, 50), TeamFile.parse("work_minutes", "10 - 50"));
        assertEquals(new Distribution.LogNormal(30, 90, 360), TeamFile.parse("work_minutes", "lognormal:30:90"));
        assertEquals(new Distribution.LogNormal(30, 90, 200), TeamFile.parse("work_minutes", "lognormal:30:90:200"));
    }

    @Test
    void badValuesAreRefusedNamingTheField() throws IOException {
        assertEquals("agnets is not a team field; the fields are " + String.join(", ", TeamFile.FIELDS), refusal("agnets: 4\n"));
        assertEquals("agents must be a whole number from 1 to 10000, got \"many\"", refusal("agents: many\n"));
        assertEquals("agents must be a whole number from 1 to 10000, got 0", refusal("agents: 0\n"));
        assertEquals("reviewers must be a whole number from 1 to 1000, got 2.5", refusal("reviewers: 2.5\n"));
        assertEquals("review_probability must be a number from 0 to 1, got 1.5", refusal("review_probability: 1.5\n"));
        assertEquals("failure_rate must be a number from 0 to 1, got \"often\"", refusal("failure_rate: often\n"));
        assertEquals("work_minutes.max must be at least min (50), got 10",
                refusal("work_minutes: {distribution: uniform, min: 50, max: 10}\n"));
        assertEquals("work_minutes.median is missing: give a whole number of minutes",
                refusal("work_minutes: {distribution: lognormal, p90: 90}\n"));
        assertEquals("review_minutes.distribution must be fixed, uniform or lognormal, got \"poisson\"",
                refusal("review_minutes: {distribution: poisson, min: 1}\n"));
        assertEquals("review_minutes.mean is not a distribution field; they are distribution, minutes, min, max, median, p90",
                refusal("review_minutes: {distribution: fixed, mean: 3}\n"));
        assertEquals("work_minutes must be minutes as N (fixed), MIN-MAX (uniform) or lognormal:MEDIAN:P90[:MAX], got \"soon\"",
                refusal("work_minutes: soon\n"));
        assertEquals("work_minutes.minutes must be a whole number of minutes from 1 to 10080, got 20000",
                refusal("work_minutes: {distribution: fixed, minutes: 20000}\n"));
        assertEquals("name must be 1 to 80 characters, got 81", refusal("name: " + "x".repeat(81) + "\n"));
    }

    @Test
    void theExampleTeamFilesOfTheDocsAreRead() throws IOException {
        Path examples = Path.of("..", "docs", "examples", "teams");
        try (var files = Files.list(examples)) {
            List<Path> teams = files.filter(file -> file.toString().endsWith(".yaml")).sorted().toList();
            assertTrue(teams.size() >= 3, "the example teams: " + teams);
            for (Path team : teams) {
                TeamFile.read(team).build("team");
            }
        }
        assertEquals(0.2, TeamFile.read(examples.resolve("asking.yaml")).build("team").questionRate());
    }

    @Test
    void aFileThatIsNoTeamIsRefusedSayingWhy() throws IOException {
        assertTrue(refusal("- agents: 4\n").startsWith("must be a mapping of team fields"));
        assertTrue(refusal("agents: [4\n").startsWith("is not valid YAML (line "), refusal("agents: [4\n"));
        Path missing = dir.resolve("missing.yaml");
        assertEquals(missing + ": no such file", assertThrows(TeamConfigException.class, () -> TeamFile.read(missing)).getMessage());
    }
}
