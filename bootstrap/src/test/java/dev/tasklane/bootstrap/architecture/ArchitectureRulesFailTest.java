package dev.tasklane.bootstrap.architecture;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.EvaluationResult;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A rule that cannot fail proves nothing: every rule of {@link ArchitectureRules} is run against the deliberately
 * broken fixture {@code dev.tasklane.archfixture} (test sources) and must report the violation it exists to catch,
 * checked on the violation text, and must not report the fixture's allowed cases.
 */
class ArchitectureRulesFailTest {

    static final String FIXTURE = "dev.tasklane.archfixture";

    private static JavaClasses fixture;

    @BeforeAll
    static void importFixture() {
        // The fixture lives in test sources, so no DoNotIncludeTests here.
        fixture = new ClassFileImporter().importPackages(FIXTURE);
    }

    private static List<String> violations(ArchRule rule) {
        EvaluationResult result = rule.evaluate(fixture);
        assertTrue(result.hasViolation(), () -> "expected a violation of: " + rule.getDescription());
        return result.getFailureReport().getDetails();
    }

    private static void assertReported(List<String> violations, String... expected) {
        for (String text : expected) {
            assertTrue(violations.stream().anyMatch(v -> v.contains(text)),
                () -> "no violation mentions <" + text + "> in:\n" + String.join("\n", violations));
        }
    }

    private static void assertNotReported(List<String> violations, String... allowed) {
        for (String text : allowed) {
            assertFalse(violations.stream().anyMatch(v -> v.contains(text)),
                () -> "an allowed case was reported: <" + text + "> in:\n" + String.join("\n", violations));
        }
    }

    @Test
    void typedPortsCarryNoDecodedJson() {
        List<String> violations = violations(ArchitectureRules.typedPortsCarryNoDecodedJson(FIXTURE, Set.of()));
        assertReported(violations,
            "RetitleCardUseCase.retitle(java.lang.String, java.util.Map) carries java.lang.Object",
            "RetitleCardUseCase$Retitled.warnings() carries java.lang.Object",
            "Memo.facts() carries java.lang.Object", "Memo.tags() carries a raw java.util.List");
        assertNotReported(violations, "ClaimCardUseCase", "equals(", "archfixture.domain.Card.", "Memo.size(");
        assertFalse(ArchitectureRules.typedPortsCarryNoDecodedJson(FIXTURE, Set.of("RetitleCardUseCase", "Memo", "CardReport"))
            .evaluate(fixture).hasViolation(), "pending types are skipped, nested types with their outer type");
    }

    @Test
    void typedDomainRecordsCarryNoDecodedJson() {
        List<String> violations = violations(ArchitectureRules.typedDomainRecordsCarryNoDecodedJson(FIXTURE,
            Set.of("CardReport", "CardReport$Step", "Card")));
        assertReported(violations,
            "CardReport.extra() carries java.lang.Object",
            "CardReport.steps() carries java.lang.Object");
        assertNotReported(violations, "CardReport$Step", "Card.title()", "equals(");
    }

    @Test
    void idsAreTyped() {
        List<String> violations = violations(ArchitectureRules.idsAreTyped(FIXTURE, Set.of("tokenId"), Set.of("Token")));
        assertReported(violations,
            "Lane.id() returns a bare long",
            "Lane.boardId() returns a bare java.lang.Long",
            "Lane.cardIds() returns a bare java.util.List<java.lang.Long>",
            "takes a bare long id",
            "takes a bare java.lang.Long boardId",
            "takes a bare java.util.List<java.lang.Long> cardIds",
            "Lane.moveTo(java.lang.Long) takes a bare java.lang.Long targetBoardId");
        assertNotReported(violations, "Lane.top()", "tokenId", "TokenId", "position", "typedCardIds", "CardId.", "Card.",
            "Token.");
    }

    @Test
    void idsAreComparedByValue() {
        List<String> violations = violations(ArchitectureRules.idsAreComparedByValue(FIXTURE,
            Set.of("dev.tasklane.archfixture.domain.CardId")));
        assertReported(violations,
            "LaneComparisons.sameTopByReference (line",
            "LaneComparisons.sameByReference (line");
        assertNotReported(violations, "sameTop (", "sameName");
    }

    @Test
    void databaseFailuresStayInTheJdbiAdapter() {
        List<String> violations = violations(ArchitectureRules.databaseFailuresStayInTheJdbiAdapter(FIXTURE));
        assertReported(violations, "RetryingCardService", "java.sql.SQLTransientConnectionException");
        assertNotReported(violations, "JdbiCardStore");
    }

    @Test
    void domainIsPure() {
        List<String> violations = violations(ArchitectureRules.domainIsPure(FIXTURE));
        assertReported(violations,
            "Field <dev.tasklane.archfixture.domain.Board.LOG> has type <org.slf4j.Logger>",
            "calls method <org.slf4j.LoggerFactory.getLogger(java.lang.Class)>");
        assertNotReported(violations, "Card");
    }

    @Test
    void chartsArePure() {
        List<String> violations = violations(ArchitectureRules.chartsArePure(FIXTURE));
        assertReported(violations,
            "Method <dev.tasklane.archfixture.charts.CardChart.draw(dev.tasklane.archfixture.domain.Card)> has parameter of type "
                + "<dev.tasklane.archfixture.domain.Card>");
        assertNotReported(violations, "Axis");
    }

    @Test
    void jsonBindingsDependOnlyOnDomainAndJackson() {
        List<String> violations = violations(ArchitectureRules.jsonBindingsDependOnlyOnDomainAndJackson(FIXTURE));
        assertReported(violations, "<dev.tasklane.archfixture.json.ClaimJson.claimed(dev.tasklane.archfixture.application"
            + ".port.in.ClaimCardUseCase, java.lang.String)> has parameter of type "
            + "<dev.tasklane.archfixture.application.port.in.ClaimCardUseCase>");
        assertNotReported(violations, "CardJson");
    }

    @Test
    void onlyAdaptersUseTheJsonBindings() {
        List<String> violations = violations(ArchitectureRules.onlyAdaptersUseTheJsonBindings(FIXTURE));
        assertReported(violations, "<dev.tasklane.archfixture.application.service.ExportService.export("
            + "dev.tasklane.archfixture.domain.Card)> calls method <dev.tasklane.archfixture.json.CardJson.write(");
        assertEquals(1, violations.size(), () -> "only ExportService uses the bindings: " + violations);
    }

    @Test
    void applicationDependsOnlyOnDomain() {
        List<String> violations = violations(ArchitectureRules.applicationDependsOnlyOnDomain(FIXTURE));
        assertReported(violations,
            "Field <dev.tasklane.archfixture.application.service.ClaimCardService.store> has type "
                + "<dev.tasklane.archfixture.adapter.inmemory.InMemoryCardStore>");
        assertNotReported(violations, "port.in.ClaimCardUseCase>", "domain.Card>");
    }

    @Test
    void applicationReadsNoJsonShapes() {
        List<String> violations = violations(ArchitectureRules.applicationReadsNoJsonShapes(FIXTURE));
        assertReported(violations,
            "CardBodyParser.title(com.fasterxml.jackson.databind.JsonNode)> has parameter of type "
                + "<com.fasterxml.jackson.databind.JsonNode>",
            "CardBodyParser.labels(java.lang.Object) tests a value for java.util.Map, the shape of a JSON tree",
            "CardBodyParser.labels(java.lang.Object) tests a value for java.util.List, the shape of a JSON tree");
        assertNotReported(violations, "ClaimCardService", "edge.SentCard");
    }

    @Test
    void portsStayNarrow() {
        List<String> violations = violations(ArchitectureRules.portsStayNarrow(FIXTURE));
        assertReported(violations,
            "port.out.WideCardStore declares 13 methods, more than 12",
            "port.in.WideCardUseCase declares 9 methods, more than 8");
        assertNotReported(violations, "port.out.CardStore declares", "ClaimCardUseCase", "UseCases");
    }

    @Test
    void noClassTakesAWidePort() {
        List<String> violations = violations(ArchitectureRules.noClassTakesAWidePort(FIXTURE));
        assertReported(violations,
            "ShelveCardService.shelves holds the wide port CardShelves (13 methods, more than 12)",
            "ShelveCardService.<init>(dev.tasklane.archfixture.application.port.out.CardShelves, "
                + "dev.tasklane.archfixture.application.port.out.CardJournal) takes the wide port CardShelves",
            "WideController.cards holds the wide port WideCardUseCase (9 methods, more than 8)");
        assertNotReported(violations, "CardJournal (", "ClaimCardUseCase (", "ShelfPage", "JdbiCardStore");
    }

    @Test
    void edgeUsesOnlyTheInboundPorts() {
        List<String> violations = violations(ArchitectureRules.edgeUsesOnlyTheInboundPorts(FIXTURE));
        assertReported(violations, "CardBodyReader.claimFor(java.lang.String)> calls constructor "
            + "<dev.tasklane.archfixture.application.service.ClaimCardService.<init>()>");
        assertNotReported(violations, "SentCard");
    }

    @Test
    void onlyTheUseCaseRunnerAppendsEvents() {
        List<String> violations = violations(ArchitectureRules.onlyTheUseCaseRunnerAppendsEvents(FIXTURE));
        assertReported(violations, "SideChannelPublisher.announce(java.lang.String)> calls method "
            + "<dev.tasklane.archfixture.application.port.out.EventOutbox.append(java.util.List)>",
            "SideChannelPublisher.announceLast(java.lang.String)> calls method "
            + "<dev.tasklane.archfixture.application.port.out.EventOutbox.appendLast(java.util.List)>");
        assertNotReported(violations, "UseCaseRunner");
    }

    @Test
    void adaptersDoNotDependOnEachOther() {
        List<String> violations = violations(ArchitectureRules.adaptersDoNotDependOnEachOther(FIXTURE));
        assertReported(violations,
            "adapter inmemory depends on adapter jdbi",
            "Field <dev.tasklane.archfixture.adapter.inmemory.InMemoryCardStore.fallback> has type "
                + "<dev.tasklane.archfixture.adapter.jdbi.JdbiCardStore>");
        assertEquals(2, violations.size(), () -> "only inmemory -> jdbi and mcp -> http are broken: " + violations);
        assertReported(violations, "adapter mcp depends on adapter http",
            "<dev.tasklane.archfixture.adapter.mcp.ToolBridge.controller> has type "
                + "<dev.tasklane.archfixture.adapter.http.CardController>");
        assertNotReported(violations, "ToolBridge.calls");
    }

    @Test
    void mcpAdapterUsesOnlyItsLibraries() {
        List<String> violations = violations(ArchitectureRules.mcpAdapterUsesOnlyItsLibraries(FIXTURE));
        assertReported(violations, "<dev.tasklane.archfixture.adapter.mcp.ToolBridge.controller> has type "
            + "<dev.tasklane.archfixture.adapter.http.CardController>");
        assertNotReported(violations, "ToolBridge.calls", "ApiCalls$Answer");
    }

    @Test
    void clientTalksToTheServerOnlyOverHttp() {
        List<String> violations = violations(ArchitectureRules.clientTalksToTheServerOnlyOverHttp(FIXTURE));
        assertReported(violations,
            "Field <dev.tasklane.archfixture.client.ShortcutClient.service> has type "
                + "<dev.tasklane.archfixture.application.service.ClaimCardService>");
        assertNotReported(violations, "FixtureCli");
    }

    @Test
    void inMemoryAdapterUsesOnlyItsLibraries() {
        List<String> violations = violations(ArchitectureRules.inMemoryAdapterUsesOnlyItsLibraries(FIXTURE));
        assertReported(violations,
            "calls constructor <dev.tasklane.archfixture.adapter.jdbi.JdbiCardStore.<init>()>");
        assertNotReported(violations, "port.out.CardStore>", "domain.Card>");
    }

    @Test
    void jdbiAdapterUsesOnlyItsLibraries() {
        List<String> violations = violations(ArchitectureRules.jdbiAdapterUsesOnlyItsLibraries(FIXTURE));
        assertReported(violations,
            "Method <dev.tasklane.archfixture.adapter.jdbi.JdbiCardStore.next()> calls method "
                + "<dev.tasklane.archfixture.bootstrap.FixtureSettings.defaultTitle()>");
        assertNotReported(violations, "port.out.CardStore>", "domain.Card>");
    }

    @Test
    void httpAdapterUsesOnlyItsLibraries() {
        List<String> violations = violations(ArchitectureRules.httpAdapterUsesOnlyItsLibraries(FIXTURE));
        assertReported(violations,
            "calls constructor <dev.tasklane.archfixture.application.service.ClaimCardService.<init>()>",
            "Field <dev.tasklane.archfixture.adapter.http.StoreController.store> has type "
                + "<dev.tasklane.archfixture.application.port.out.CardStore>");
        assertNotReported(violations, "port.in.ClaimCardUseCase");
    }

    @Test
    void httpAdapterNeverUsesServices() {
        List<String> violations = violations(ArchitectureRules.httpAdapterNeverUsesServices(FIXTURE));
        assertReported(violations,
            "Constructor <dev.tasklane.archfixture.adapter.http.CardController.<init>()> calls constructor "
                + "<dev.tasklane.archfixture.application.service.ClaimCardService.<init>()>");
        // An outbound port is wrong for HTTP too, but that is the other rule's job: this one is about services.
        assertNotReported(violations, "StoreController", "port.in.ClaimCardUseCase");
    }

    @Test
    void httpAdapterKeepsItsRoles() {
        List<String> violations = violations(ArchitectureRules.httpAdapterKeepsItsRoles(FIXTURE));
        assertReported(violations,
            "Field <dev.tasklane.archfixture.adapter.http.wire.CardView.call> has type "
                + "<dev.tasklane.archfixture.adapter.http.pipeline.Call>",
            "Method <dev.tasklane.archfixture.adapter.http.pipeline.Call.route()> has return type "
                + "<dev.tasklane.archfixture.adapter.http.routes.CardRoutes>",
            "Field <dev.tasklane.archfixture.adapter.http.routes.CardRoutes.shelves> has type "
                + "<dev.tasklane.archfixture.adapter.http.routes.ShelfRoutes>");
        // A helper shared by two route classes, a route's own nested record and a clean error body are allowed.
        assertNotReported(violations, "CardViews>", "CardRoutes$CardAnswer>", "ErrorBody");
    }

    @Test
    void routesAndPagesTakeTheirPorts() {
        List<String> violations = violations(ArchitectureRules.routesAndPagesTakeTheirPorts(FIXTURE));
        assertReported(violations,
            "Field <dev.tasklane.archfixture.adapter.http.ShelfController.useCases> has type "
                + "<dev.tasklane.archfixture.application.port.in.UseCases>",
            "Field <dev.tasklane.archfixture.adapter.web.ShelfPage.useCases> has type "
                + "<dev.tasklane.archfixture.application.port.in.UseCases>");
        // The entry points take the locator and hand each route its port; a route that takes its port is fine.
        assertNotReported(violations, "adapter.http.HttpApi", "adapter.web.WebUi", "CardController", "BoardPage");
    }

    @Test
    void tasksAreWrittenOnlyThroughChanges() {
        List<String> violations = violations(ArchitectureRules.tasksAreWrittenOnlyThroughChanges(FIXTURE));
        assertReported(violations,
            "Method <dev.tasklane.archfixture.application.service.RetitleCardService.retitle(dev.tasklane.archfixture.domain.Card)> "
                + "calls method <dev.tasklane.archfixture.application.port.out.CardJournal.update(dev.tasklane.archfixture.domain.Card)>");
        assertNotReported(violations, "service.Changes.update");
    }

    @Test
    void scopeIsCheckedOncePerUseCase() {
        List<String> violations = violations(ArchitectureRules.scopeIsCheckedOncePerUseCase(FIXTURE));
        assertReported(violations,
            "Method <dev.tasklane.archfixture.application.service.CloseCardService.close(java.lang.String)> calls method "
                + "<dev.tasklane.archfixture.domain.agent.BoardAccess.requireWrite(java.lang.String)>",
            "Method <dev.tasklane.archfixture.domain.agent.CardWorkflow.close(java.lang.String, java.lang.String)> calls "
                + "method <dev.tasklane.archfixture.domain.agent.BoardAccess.requireWrite(java.lang.String)>");
        assertNotReported(violations, "UseCaseRunner.finish", "BoardAccess.completedBy");
    }

    @Test
    void webAdapterUsesOnlyItsLibraries() {
        List<String> violations = violations(ArchitectureRules.webAdapterUsesOnlyItsLibraries(FIXTURE));
        assertReported(violations,
            "Field <dev.tasklane.archfixture.adapter.web.BoardPage.store> has type "
                + "<dev.tasklane.archfixture.application.port.out.CardStore>",
            "calls constructor <dev.tasklane.archfixture.application.service.ClaimCardService.<init>()>");
        assertNotReported(violations, "port.in.ClaimCardUseCase");
    }

    @Test
    void webAdapterNeverUsesServices() {
        List<String> violations = violations(ArchitectureRules.webAdapterNeverUsesServices(FIXTURE));
        assertReported(violations,
            "Constructor <dev.tasklane.archfixture.adapter.web.BoardPage.<init>()> "
                + "calls constructor <dev.tasklane.archfixture.application.service.ClaimCardService.<init>()>");
        assertNotReported(violations, "port.out.CardStore");
    }

    @Test
    void bootstrapRecordsStayNarrow() {
        List<String> violations = violations(ArchitectureRules.bootstrapRecordsStayNarrow(FIXTURE));
        assertEquals(List.of("dev.tasklane.archfixture.bootstrap.WideSettings has 8 components (at most 7): split it "
                + "into parts by concern"), violations);
    }

    @Test
    void nothingDependsOnBootstrap() {
        List<String> violations = violations(ArchitectureRules.nothingDependsOnBootstrap(FIXTURE));
        assertEquals(List.of(
                "Method <dev.tasklane.archfixture.adapter.jdbi.JdbiCardStore.next()> calls method "
                    + "<dev.tasklane.archfixture.bootstrap.FixtureSettings.defaultTitle()> in (JdbiCardStore.java:11)"),
            violations);
    }

    @Test
    void noPackageCycles() {
        List<String> violations = violations(ArchitectureRules.noPackageCycles(FIXTURE));
        assertEquals(1, violations.size(), () -> "exactly one cycle in the fixture: " + violations);
        String cycle = violations.get(0).replaceAll("\\s+", " ");
        assertTrue(cycle.startsWith("Cycle detected: Slice cycle.board -> Slice cycle.column -> Slice cycle.board"),
            cycle);
        assertReported(violations,
            "Field <dev.tasklane.archfixture.cycle.column.ColumnView.board> has type "
                + "<dev.tasklane.archfixture.cycle.board.BoardView>");
    }

    @Test
    void noGenericExceptions() {
        List<String> violations = violations(ArchitectureRules.noGenericExceptions(FIXTURE));
        assertEquals(List.of(
                "Method <dev.tasklane.archfixture.coding.GenericFailure.fail(java.lang.String)> calls constructor "
                    + "<java.lang.RuntimeException.<init>(java.lang.String)> in (GenericFailure.java:9)"),
            violations);
    }

    @Test
    void noJavaUtilLogging() {
        ArchRule rule = ArchitectureRules.noJavaUtilLogging(FIXTURE);
        assertTrue(rule.getDescription().contains("should use java.util.logging"), rule.getDescription());
        // ArchUnit's condition flags the assignment of a java.util.logging field.
        assertEquals(List.of(
                "Static Initializer <dev.tasklane.archfixture.coding.JulLogging.<clinit>()> sets field "
                    + "<dev.tasklane.archfixture.coding.JulLogging.LOG> in (JulLogging.java:7)"),
            violations(rule));
    }

    @Test
    void noFieldInjection() {
        List<String> violations = violations(ArchitectureRules.noFieldInjection(FIXTURE));
        assertEquals(List.of(
                "Field <dev.tasklane.archfixture.coding.FieldInjected.greeting> is annotated with @Inject "
                    + "in (FieldInjected.java:0)"),
            violations);
    }

    @Test
    void noStandardStreamsOutsideBootstrapAndClient() {
        List<String> violations = violations(ArchitectureRules.noStandardStreamsOutsideBootstrapAndClient(FIXTURE));
        assertEquals(List.of(
                "Method <dev.tasklane.archfixture.coding.StandardStreams.shout(java.lang.String)> gets field "
                    + "<java.lang.System.err> in (StandardStreams.java:9)"),
            violations);
        // FixtureSettings (bootstrap) prints to System.out and FixtureCli (client) to System.err: both allowed.
    }

    @Test
    void noJodaTime() {
        List<String> violations = violations(ArchitectureRules.noJodaTime(FIXTURE));
        assertReported(violations,
            "Method <dev.tasklane.archfixture.coding.JodaTimeUser.today()> calls method <org.joda.time.LocalDate.now()>",
            "has return type <org.joda.time.LocalDate>");
        assertTrue(violations.stream().allMatch(v -> v.contains("coding.JodaTimeUser")), violations::toString);
    }

    // ---- the safety net itself --------------------------------------------------------------------------------------

    @Test
    void anEmptySubjectFailsInsteadOfPassingSilently() {
        AssertionError error = assertThrows(AssertionError.class,
            () -> ArchitectureRules.domainIsPure(FIXTURE + ".nowhere").evaluate(fixture));
        assertTrue(error.getMessage().contains("failed to check any classes"), error.getMessage());
    }

    @Test
    void theJdbiRuleNoLongerToleratesAnEmptySubject() {
        AssertionError error = assertThrows(AssertionError.class,
            () -> ArchitectureRules.jdbiAdapterUsesOnlyItsLibraries(FIXTURE + ".nowhere").evaluate(fixture));
        assertTrue(error.getMessage().contains("failed to check any classes"), error.getMessage());
    }

    /** A new rule must be proven here and run in {@link TasklaneArchitectureTest}: same method name in both. */
    @Test
    void everyRuleIsProvenToFailAndRunAgainstTheRealCode() {
        Set<String> rules = Arrays.stream(ArchitectureRules.class.getDeclaredMethods())
            .filter(m -> Modifier.isPublic(m.getModifiers()) && m.getReturnType() == ArchRule.class)
            .map(Method::getName)
            .collect(Collectors.toCollection(TreeSet::new));
        assertFalse(rules.isEmpty(), "no rule found by reflection");
        assertEquals(Set.of(), missing(rules, ArchitectureRulesFailTest.class), "rules not proven to fail");
        assertEquals(Set.of(), missing(rules, TasklaneArchitectureTest.class), "rules not run against dev.tasklane");
    }

    private static Set<String> missing(Set<String> rules, Class<?> testClass) {
        Set<String> missing = new TreeSet<>(rules);
        missing.removeAll(testNames(testClass));
        return missing;
    }

    private static Set<String> testNames(Class<?> testClass) {
        return Arrays.stream(testClass.getDeclaredMethods())
            .filter(m -> m.isAnnotationPresent(Test.class))
            .map(Method::getName)
            .collect(Collectors.toSet());
    }
}
