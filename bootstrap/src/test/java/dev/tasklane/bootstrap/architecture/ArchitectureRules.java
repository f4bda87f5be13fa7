package dev.tasklane.bootstrap.architecture;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaCodeUnit;
import com.tngtech.archunit.core.domain.JavaMethod;
import com.tngtech.archunit.core.domain.JavaMethodCall;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.CompositeArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;

import static com.tngtech.archunit.core.domain.JavaCall.Predicates.target;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.assignableTo;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.core.domain.properties.HasName.Predicates.name;
import static com.tngtech.archunit.core.domain.properties.HasOwner.Predicates.With.owner;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideOutsideOfPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.codeUnits;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.methods;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noFields;
import static com.tngtech.archunit.library.GeneralCodingRules.ACCESS_STANDARD_STREAMS;
import static com.tngtech.archunit.library.GeneralCodingRules.BE_ANNOTATED_WITH_AN_INJECTION_ANNOTATION;
import static com.tngtech.archunit.library.GeneralCodingRules.THROW_GENERIC_EXCEPTIONS;
import static com.tngtech.archunit.library.GeneralCodingRules.USE_JAVA_UTIL_LOGGING;
import static com.tngtech.archunit.library.GeneralCodingRules.USE_JODATIME;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/**
 * Tasklane's architecture rules, each a function of the package root so that the same rule is run against the real
 * code ({@code dev.tasklane}, must pass) and against a deliberately broken fixture ({@code dev.tasklane.archfixture},
 * must fail with the expected violation). See docs/architecture.md.
 *
 * <p>Layout below {@code root}: {@code domain}, {@code application} (with {@code port.in}, {@code port.out},
 * {@code service}), {@code adapter.inmemory}, {@code adapter.jdbi}, {@code adapter.http}, {@code bootstrap}, and the
 * future {@code client} CLI.
 *
 * <p>All rules keep ArchUnit's default {@code failOnEmptyShould}: a rule whose subject is empty fails rather than
 * passing silently.
 */
public final class ArchitectureRules {

    /** Libraries the in-memory store may use besides the JDK, the application and the domain. */
    static final String[] IN_MEMORY_LIBRARIES = {"java..", "org.slf4j.."};

    /**
     * Libraries the JDBI store may use: JDBI itself, the JDBC drivers, javax.sql (DataSource), Flyway for the
     * migrations, HikariCP for the pool, Jackson for JSON columns, logging, and Micrometer's meter API, which HikariCP's
     * own binding publishes the pool's meters to.
     */
    static final String[] JDBI_LIBRARIES = {
        "java..", "javax.sql..", "org.jdbi..", "org.h2..", "org.postgresql..", "org.flywaydb..", "com.zaxxer.hikari..",
        "com.fasterxml.jackson..", "org.slf4j..", "io.micrometer.core.instrument.."
    };

    /**
     * Libraries the HTTP adapter may use: Javalin (written in Kotlin, on Jetty, so its API surfaces {@code kotlin..},
     * {@code org.eclipse.jetty..} and {@code jakarta.servlet..} types), Jackson, Bean Validation at the edge, logging,
     * and victools jsonschema-generator (with the classmate types its API exposes) for the onboarding's request schemas.
     */
    static final String[] HTTP_LIBRARIES = {
        "java..", "io.javalin..", "kotlin..", "org.eclipse.jetty..", "jakarta.servlet..", "com.fasterxml.jackson..",
        "jakarta.validation..", "org.hibernate.validator..", "org.slf4j..", "com.github.victools.jsonschema..",
        "com.fasterxml.classmate.."
    };

    private ArchitectureRules() {
    }

    static String domain(String root) {
        return root + ".domain..";
    }

    static String application(String root) {
        return root + ".application..";
    }

    static String inboundPorts(String root) {
        return root + ".application.port.in..";
    }

    /**
     * What the driving adapters and the stores share at the edge (module {@code edge}): the JSON names of the task
     * fields and parts, the task body readers, proxy trust, live streams.
     */
    static String edge(String root) {
        return root + ".edge..";
    }

    static String services(String root) {
        return root + ".application.service..";
    }

    static String adapter(String root, String name) {
        return root + ".adapter." + name + "..";
    }

    static String bootstrap(String root) {
        return root + ".bootstrap..";
    }

    static String client(String root) {
        return root + ".client..";
    }

    private static String[] concat(String[] first, String... rest) {
        String[] all = new String[first.length + rest.length];
        System.arraycopy(first, 0, all, 0, first.length);
        System.arraycopy(rest, 0, all, first.length, rest.length);
        return all;
    }

    // ---- layers ---------------------------------------------------------------------------------------------------

    /** The domain depends on the JDK and on itself, nothing else: no framework, no library, no outer layer. */
    public static ArchRule domainIsPure(String root) {
        return classes().that().resideInAPackage(domain(root))
            .should().onlyDependOnClassesThat().resideInAnyPackage(domain(root), "java..")
            .as("the domain (" + domain(root) + ") depends only on java.. and itself");
    }

    static String charts(String root) {
        return root + ".charts..";
    }

    /** The Jackson bindings of the domain's kept-as-sent values (module {@code json}), which the JSON adapters share. */
    static String json(String root) {
        return root + ".json..";
    }

    /**
     * The JSON bindings depend on the domain, Jackson and the JDK only: the HTTP adapter and the JDBI store both
     * write (and read) what an agent sent through them, so neither keeps a copy, and the bindings know no adapter.
     */
    public static ArchRule jsonBindingsDependOnlyOnDomainAndJackson(String root) {
        return classes().that().resideInAPackage(json(root))
            .should().onlyDependOnClassesThat()
            .resideInAnyPackage(json(root), domain(root), "java..", "com.fasterxml.jackson..")
            .as("the JSON bindings (" + json(root) + ") depend only on the domain, java.. and Jackson");
    }

    /** The domain and the application never use the JSON bindings: JSON is the adapters' business. */
    public static ArchRule onlyAdaptersUseTheJsonBindings(String root) {
        return noClasses().that().resideInAnyPackage(domain(root), application(root))
            .should().dependOnClassesThat().resideInAPackage(json(root))
            .as("neither the domain nor the application depends on the JSON bindings (" + json(root) + ")");
    }

    /**
     * The charts (SVG drawing shared by the web pages and the simulator's report) depend on java.. and themselves
     * only: not even the domain, so that any module may draw with them.
     */
    public static ArchRule chartsArePure(String root) {
        return classes().that().resideInAPackage(charts(root))
            .should().onlyDependOnClassesThat().resideInAnyPackage(charts(root), "java..")
            .as("the charts (" + charts(root) + ") depend only on java.. and themselves");
    }

    /** The application depends on the domain, the JDK and (optionally) Bean Validation annotations. */
    public static ArchRule applicationDependsOnlyOnDomain(String root) {
        return classes().that().resideInAPackage(application(root))
            .should().onlyDependOnClassesThat()
            .resideInAnyPackage(application(root), domain(root), "java..", "javax.crypto..", "jakarta.validation..")
            .as("the application (" + application(root) + ") depends only on the domain, java.., javax.crypto.. and jakarta.validation..");
    }

    /** JSON libraries: none of them is the application's. */
    static final String[] JSON_LIBRARIES = {
        "com.fasterxml.jackson..", "jakarta.json..", "javax.json..", "org.json..", "com.google.gson.."
    };

    private static final ArchCondition<JavaClass> READ_NO_JSON_SHAPES =
            new ArchCondition<>("read no JSON shape: no JSON library, no instanceof test of a Map, List or Collection") {
                @Override
                public void check(JavaClass type, ConditionEvents events) {
                    for (com.tngtech.archunit.core.domain.Dependency dependency : type.getDirectDependenciesFromSelf()) {
                        String target = dependency.getTargetClass().getPackageName();
                        for (String library : JSON_LIBRARIES) {
                            String prefix = library.substring(0, library.length() - 2);
                            if (target.equals(prefix) || target.startsWith(prefix + ".")) {
                                events.add(SimpleConditionEvent.violated(type, dependency.getDescription()));
                            }
                        }
                    }
                    for (com.tngtech.archunit.core.domain.JavaCodeUnit unit : type.getCodeUnits()) {
                        for (com.tngtech.archunit.core.domain.InstanceofCheck check : unit.getInstanceofChecks()) {
                            JavaClass tested = check.getRawType();
                            if (tested.isEquivalentTo(java.util.Map.class) || tested.isEquivalentTo(java.util.List.class)
                                    || tested.isEquivalentTo(java.util.Collection.class)) {
                                events.add(SimpleConditionEvent.violated(type, unit.getFullName()
                                        + " tests a value for " + tested.getName() + ", the shape of a JSON tree"));
                            }
                        }
                    }
                }
            };

    /**
     * The application reads no JSON shape: it takes typed commands, and the task body readers, which test a plain
     * tree's values for maps and lists, live in the edge module. A JSON library, or an {@code instanceof} test of a
     * {@code Map}, {@code List} or {@code Collection}, in the application is a reader that belongs at the edge.
     */
    public static ArchRule applicationReadsNoJsonShapes(String root) {
        return classes().that().resideInAPackage(application(root))
            .should(READ_NO_JSON_SHAPES)
            .as("the application (" + application(root) + ") reads no JSON shape");
    }

    /**
     * The edge module stands on the application's inbound ports and the domain only: it reads what an adapter was
     * sent into the ports' commands, and never reaches a service, an outbound port or an adapter.
     */
    public static ArchRule edgeUsesOnlyTheInboundPorts(String root) {
        return classes().that().resideInAPackage(edge(root))
            .should().onlyDependOnClassesThat().resideInAnyPackage(edge(root), inboundPorts(root), domain(root), "java..")
            .as("the edge (" + edge(root) + ") depends only on the inbound ports, the domain and java..");
    }

    /** The most methods an outbound port declares: a port is named for one job (load, update, lock, ...). */
    static final int OUTBOUND_PORT_METHODS = 12;
    /** The most methods an inbound port (a {@code *UseCase}) declares. */
    static final int INBOUND_PORT_METHODS = 8;

    private static ArchCondition<JavaClass> declareAtMost(int limit) {
        return new ArchCondition<>("declare at most " + limit + " methods") {
            @Override
            public void check(JavaClass port, ConditionEvents events) {
                long declared = port.getMethods().stream()
                        .filter(method -> !method.getModifiers().contains(com.tngtech.archunit.core.domain.JavaModifier.STATIC)
                                && !method.getModifiers().contains(com.tngtech.archunit.core.domain.JavaModifier.SYNTHETIC))
                        .count();
                if (declared > limit) {
                    events.add(SimpleConditionEvent.violated(port, port.getName() + " declares " + declared
                            + " methods, more than " + limit + ": split it into ports named for their jobs"));
                }
            }
        };
    }

    /**
     * Ports stay narrow, so that each service receives only what it calls: an outbound port (an interface of
     * {@code port.out}) declares at most 12 methods, an inbound port (an interface of {@code port.in} named
     * {@code *UseCase}) at most 8. A store class may implement several ports, and a composite that only extends them
     * ({@code TaskStore}, {@code DirectoryStore}, {@code IdentityUseCase}) declares none. The locator
     * {@code UseCases}, which only the two entry points take ({@link #routesAndPagesTakeTheirPorts}), is no port.
     */
    public static ArchRule portsStayNarrow(String root) {
        ArchRule outbound = classes().that().resideInAPackage(root + ".application.port.out..").and().areInterfaces()
            .and().areTopLevelClasses()
            .should(declareAtMost(OUTBOUND_PORT_METHODS));
        ArchRule inbound = classes().that().resideInAPackage(inboundPorts(root)).and().areInterfaces()
            .and().areTopLevelClasses().and().haveSimpleNameEndingWith("UseCase")
            .should(declareAtMost(INBOUND_PORT_METHODS));
        return CompositeArchRule.of(outbound).and(inbound)
            .as("outbound ports declare at most " + OUTBOUND_PORT_METHODS + " methods, inbound ports at most "
                + INBOUND_PORT_METHODS);
    }

    /**
     * The methods a port offers, its own and those it inherits (default ones among them), each signature once:
     * what a class that holds the port can call.
     */
    static long offeredMethods(JavaClass port) {
        return port.getAllMethods().stream()
            .filter(method -> !method.getOwner().isEquivalentTo(Object.class)
                && !method.getModifiers().contains(com.tngtech.archunit.core.domain.JavaModifier.STATIC)
                && !method.getModifiers().contains(com.tngtech.archunit.core.domain.JavaModifier.SYNTHETIC))
            .map(method -> method.getName() + method.getRawParameterTypes().stream().map(JavaClass::getName).toList())
            .distinct()
            .count();
    }

    /**
     * Whether {@code type} is a port wider than its limit, counting what it inherits: an interface of {@code port.out}
     * offering more than 12 methods, or of {@code port.in} more than 8 (the locator {@code UseCases} aside, which
     * {@link #routesAndPagesTakeTheirPorts} keeps to the two entry points).
     */
    private static java.util.Optional<String> widePort(String root, JavaClass type) {
        if (!type.isInterface()) {
            return java.util.Optional.empty();
        }
        String packageName = type.getPackageName();
        int limit;
        if (packageName.equals(root + ".application.port.out")) {
            limit = OUTBOUND_PORT_METHODS;
        } else if (packageName.equals(root + ".application.port.in")
                && !type.getName().equals(root + ".application.port.in.UseCases")) {
            limit = INBOUND_PORT_METHODS;
        } else {
            return java.util.Optional.empty();
        }
        long offered = offeredMethods(type);
        return offered > limit
            ? java.util.Optional.of(type.getSimpleName() + " (" + offered + " methods, more than " + limit + ")")
            : java.util.Optional.empty();
    }

    private static ArchCondition<JavaClass> takeNoWidePort(String root) {
        return new ArchCondition<>("take only ports of at most " + OUTBOUND_PORT_METHODS + " (outbound) or "
                + INBOUND_PORT_METHODS + " (inbound) methods, inherited ones counted") {
            @Override
            public void check(JavaClass owner, ConditionEvents events) {
                for (com.tngtech.archunit.core.domain.JavaField field : owner.getFields()) {
                    widePort(root, field.getRawType()).ifPresent(wide -> events.add(SimpleConditionEvent.violated(
                        field, field.getFullName() + " holds the wide port " + wide
                            + ": take the narrow ports it calls")));
                }
                for (com.tngtech.archunit.core.domain.JavaConstructor constructor : owner.getConstructors()) {
                    for (JavaClass parameter : constructor.getRawParameterTypes()) {
                        widePort(root, parameter).ifPresent(wide -> events.add(SimpleConditionEvent.violated(
                            constructor, constructor.getFullName() + " takes the wide port " + wide
                                + ": take the narrow ports it calls")));
                    }
                }
            }
        };
    }

    /**
     * Classes {@link #noClassTakesAWidePort} skips while another change rewrites them: each is listed only until its
     * constructor takes the narrow ports, never as a way around the rule.
     */
    static final java.util.Set<String> PENDING_NARROWING = java.util.Set.of();

    /**
     * Each service and each route or page receives only the ports it calls: no class of the application or of a
     * driving adapter (HTTP, web, MCP) has a field or a constructor parameter of a port wider than
     * {@link #portsStayNarrow} allows, counting what the port inherits. The aggregates that only extend narrow ports
     * ({@code TaskStore}, {@code DirectoryStore}, {@code IdentityUseCase}) are for the store classes that implement
     * them all and for the composition ({@code Tasklane}, its builder and bootstrap), which hands each class its part.
     */
    public static ArchRule noClassTakesAWidePort(String root) {
        String composition = root + ".application.service.Tasklane";
        return classes().that().resideInAnyPackage(application(root), adapter(root, "http"), adapter(root, "web"),
                adapter(root, "mcp"))
            .and().doNotHaveFullyQualifiedName(composition)
            .and().doNotHaveFullyQualifiedName(composition + "$Builder")
            .and(DescribedPredicate.describe("not pending", (JavaClass c) -> !PENDING_NARROWING.contains(c.getSimpleName())))
            .should(takeNoWidePort(root))
            .as("no application class or driving adapter takes a port wider than " + OUTBOUND_PORT_METHODS
                + " (outbound) or " + INBOUND_PORT_METHODS + " (inbound) methods; " + composition
                + " hands out the parts");
    }

    /** No adapter depends on another adapter; they meet only through the application's ports, wired in bootstrap. */
    public static ArchRule adaptersDoNotDependOnEachOther(String root) {
        return slices().matching(root + ".adapter.(*)..").namingSlices("adapter $1")
            .should().notDependOnEachOther()
            .ignoreDependency(resideInAPackage(adapter(root, "mcp")), apiSeam(root))
            .as("adapters (" + root + ".adapter.*) do not depend on each other, except the MCP endpoint on the HTTP "
                + "API's seam " + apiSeamName(root));
    }

    /**
     * The one class of the HTTP adapter another adapter may use: {@code ApiCalls}, through which the MCP endpoint runs
     * the API's routes (the same authentication, caps, handlers and error rendering) instead of a copy of them.
     */
    static String apiSeamName(String root) {
        return root + ".adapter.http.ApiCalls";
    }

    private static DescribedPredicate<JavaClass> apiSeam(String root) {
        String seam = apiSeamName(root);
        return DescribedPredicate.describe("the HTTP API's seam " + seam,
            javaClass -> javaClass.getName().equals(seam) || javaClass.getName().startsWith(seam + "$"));
    }

    /** Libraries the MCP endpoint may use: Javalin and its runtime, logging. Its JSON is the API's (through the seam). */
    static final String[] MCP_LIBRARIES = {
        "java..", "io.javalin..", "kotlin..", "org.eclipse.jetty..", "jakarta.servlet..", "org.slf4j.."
    };

    /**
     * The MCP endpoint reaches the application through the inbound ports and the HTTP API's seam only: every tool runs
     * an API route, so nothing is validated, authorized or rendered differently over MCP.
     */
    public static ArchRule mcpAdapterUsesOnlyItsLibraries(String root) {
        String[] allowed = concat(concat(MCP_LIBRARIES, adapter(root, "mcp"), domain(root)),
            new String[] {inboundPorts(root)});
        return classes().that().resideInAPackage(adapter(root, "mcp"))
            .should().onlyDependOnClassesThat(resideInAnyPackage(allowed).or(apiSeam(root)))
            .as("the MCP adapter depends only on " + String.join(", ", allowed) + " and " + apiSeamName(root));
    }

    private static ArchRule adapterUsesOnly(String root, String name, String[] applicationPackages, String[] libraries) {
        String[] allowed = concat(concat(libraries, adapter(root, name), domain(root)), applicationPackages);
        return classes().that().resideInAPackage(adapter(root, name))
            .should().onlyDependOnClassesThat().resideInAnyPackage(allowed)
            .as("the " + name + " adapter depends only on " + String.join(", ", allowed));
    }

    public static ArchRule inMemoryAdapterUsesOnlyItsLibraries(String root) {
        return adapterUsesOnly(root, "inmemory", new String[] {application(root)}, IN_MEMORY_LIBRARIES);
    }

    /**
     * The JDBI store reaches the application through its outbound ports and the plain types they carry, and writes
     * what an agent sent through the shared JSON bindings.
     */
    public static ArchRule jdbiAdapterUsesOnlyItsLibraries(String root) {
        return adapterUsesOnly(root, "jdbi", new String[] {application(root), json(root), edge(root)}, JDBI_LIBRARIES);
    }

    /** Libraries the agent client may use: the JDK (its HTTP client among them), Jackson, picocli. */
    static final String[] CLIENT_LIBRARIES = {"java..", "com.fasterxml.jackson..", "picocli.."};

    /**
     * The agent client speaks to a server over HTTP only: it may share the domain's vocabulary (hook names,
     * timeouts) but never reaches into the application or an adapter, so it works against any server that
     * speaks the API.
     */
    public static ArchRule clientTalksToTheServerOnlyOverHttp(String root) {
        String[] allowed = concat(CLIENT_LIBRARIES, client(root), domain(root));
        return classes().that().resideInAPackage(client(root))
            .should().onlyDependOnClassesThat().resideInAnyPackage(allowed)
            .as("the agent client depends only on " + String.join(", ", allowed));
    }

    /**
     * The HTTP adapter reaches the application through inbound ports only (use cases, their commands and results),
     * the edge rules it shares with the web interface (the edge module), and the shared JSON bindings.
     */
    public static ArchRule httpAdapterUsesOnlyItsLibraries(String root) {
        return adapterUsesOnly(root, "http", new String[] {inboundPorts(root), edge(root), json(root)}, HTTP_LIBRARIES);
    }

    /**
     * Libraries the web interface may use: Javalin and its Jetty/servlet/Kotlin runtime, the jte template runtime
     * (its precompiled templates live in {@code adapter.web.templates}), logging. No JSON library: it renders HTML.
     */
    static final String[] WEB_LIBRARIES = {
        "java..", "io.javalin..", "kotlin..", "org.eclipse.jetty..", "jakarta.servlet..", "gg.jte..", "org.slf4j.."
    };

    /** The web interface reaches the application through inbound ports and the edge rules only, like the HTTP API. */
    public static ArchRule webAdapterUsesOnlyItsLibraries(String root) {
        return adapterUsesOnly(root, "web", new String[] {inboundPorts(root), edge(root), charts(root)}, WEB_LIBRARIES);
    }

    /** Pages call use-case interfaces, never the services implementing them. */
    public static ArchRule webAdapterNeverUsesServices(String root) {
        return noClasses().that().resideInAPackage(adapter(root, "web"))
            .should().dependOnClassesThat().resideInAPackage(services(root))
            .as("the web interface never depends on application services (" + services(root) + ")");
    }

    /**
     * Events are written to the outbox only by the use-case runner, as the last step of the transaction of
     * the change they report (so they commit with it, and numbers follow commit order).
     */
    public static ArchRule onlyTheUseCaseRunnerAppendsEvents(String root) {
        String outbox = root + ".application.port.out.EventOutbox";
        String runner = root + ".application.service.UseCaseRunner";
        // the outbox itself may call its own methods (a port's default method, an implementation's delegation)
        return noClasses().that().doNotHaveFullyQualifiedName(runner).and().areNotAssignableTo(outbox)
            .should().callMethodWhere(target(name("append").or(name("appendLast"))).and(target(owner(assignableTo(outbox)))))
            .as("only " + runner + " appends to " + outbox)
            .because("an event is written in the transaction of the change it reports, as its last step");
    }

    /** Controllers receive use-case interfaces, never the service classes implementing them. */
    public static ArchRule httpAdapterNeverUsesServices(String root) {
        return noClasses().that().resideInAPackage(adapter(root, "http"))
            .should().dependOnClassesThat().resideInAPackage(services(root))
            .as("the HTTP adapter never depends on application services (" + services(root) + ")");
    }

    /**
     * The HTTP adapter keeps its packages by role (docs/architecture.md, "The HTTP adapter's packages"): the wire
     * records, the error answers and the onboarding document never depend on the routes or the request pipeline; the
     * pipeline never depends on the routes; and no route class ({@code *Routes} in {@code adapter.http.routes})
     * depends on another route class, so what two resources share is a helper of the routes package.
     */
    public static ArchRule httpAdapterKeepsItsRoles(String root) {
        String http = root + ".adapter.http";
        String routes = http + ".routes..";
        String pipeline = http + ".pipeline..";
        ArchRule leaves = noClasses()
            .that().resideInAnyPackage(http + ".wire..", http + ".error..", http + ".onboarding..")
            .should().dependOnClassesThat().resideInAnyPackage(routes, pipeline)
            .as("the HTTP adapter's wire records, error answers and onboarding document do not depend on its routes"
                + " or pipeline");
        ArchRule pipelineBelowRoutes = noClasses().that().resideInAPackage(pipeline)
            .should().dependOnClassesThat().resideInAPackage(routes)
            .as("the HTTP adapter's request pipeline does not depend on its routes");
        ArchRule routesApart = classes().that(routeClass(routes))
            .should(notDependOnAnotherRouteClass(routes))
            .as("no route class of the HTTP adapter depends on another route class");
        return CompositeArchRule.of(leaves).and(pipelineBelowRoutes).and(routesApart)
            .as("the HTTP adapter keeps its roles: wire, errors and onboarding below routes and pipeline, the"
                + " pipeline below the routes, route classes apart");
    }

    private static String topLevelName(JavaClass javaClass) {
        String name = javaClass.getName();
        int nested = name.indexOf('$');
        return nested < 0 ? name : name.substring(0, nested);
    }

    private static DescribedPredicate<JavaClass> routeClass(String routesPackage) {
        return DescribedPredicate.describe("are route classes (*Routes, with their nested types)",
            javaClass -> resideInAPackage(routesPackage).test(javaClass) && topLevelName(javaClass).endsWith("Routes"));
    }

    private static ArchCondition<JavaClass> notDependOnAnotherRouteClass(String routesPackage) {
        DescribedPredicate<JavaClass> routeClass = routeClass(routesPackage);
        return new ArchCondition<>("not depend on another route class") {
            @Override
            public void check(JavaClass origin, ConditionEvents events) {
                String own = topLevelName(origin);
                origin.getDirectDependenciesFromSelf().stream()
                    .filter(dependency -> routeClass.test(dependency.getTargetClass()))
                    .filter(dependency -> !topLevelName(dependency.getTargetClass()).equals(own))
                    .forEach(dependency -> events.add(SimpleConditionEvent.violated(dependency,
                        dependency.getDescription())));
            }
        };
    }

    /**
     * Routes and pages take the inbound ports they call, so each constructor shows what it uses: only the
     * driving adapters' entry points ({@code adapter.http.HttpApi}, {@code adapter.web.WebUi}) take the
     * {@code UseCases} locator that embedders and bootstrap pass, and hand each route or page its ports.
     */
    public static ArchRule routesAndPagesTakeTheirPorts(String root) {
        String locator = root + ".application.port.in.UseCases";
        return noClasses().that().resideInAnyPackage(adapter(root, "http"), adapter(root, "web"))
            .and().doNotHaveFullyQualifiedName(root + ".adapter.http.HttpApi")
            .and().doNotHaveFullyQualifiedName(root + ".adapter.web.WebUi")
            .should().dependOnClassesThat().haveFullyQualifiedName(locator)
            .as("routes and pages take the inbound ports they call, not " + locator
                + " (only HttpApi and WebUi take it)");
    }

    /** JDBC, the pool, JDBI and the drivers: the database's own API and its failures. */
    static final String[] DATABASE_APIS = {
        "java.sql..", "javax.sql..", "org.jdbi..", "com.zaxxer.hikari..", "org.postgresql..", "org.h2.."
    };

    /**
     * The database and its failures stay in the JDBI adapter: it translates them once (a collision to
     * {@code ConcurrentUpdateException}, an unreachable database to {@code StoreUnavailableException}), so no other
     * class can recognise a driver's exception itself, and an outage is answered the same way everywhere.
     */
    public static ArchRule databaseFailuresStayInTheJdbiAdapter(String root) {
        return noClasses().that().resideInAPackage(root + "..").and().resideOutsideOfPackage(adapter(root, "jdbi"))
            .should().dependOnClassesThat().resideInAnyPackage(DATABASE_APIS)
            .as("only the JDBI adapter depends on the database's API (" + String.join(", ", DATABASE_APIS) + ")");
    }

    /** Only bootstrap knows everything; nothing depends on it. */
    public static ArchRule nothingDependsOnBootstrap(String root) {
        return noClasses().that().resideInAPackage(root + "..").and().resideOutsideOfPackage(bootstrap(root))
            .should().dependOnClassesThat().resideInAPackage(bootstrap(root))
            .as("nothing outside " + bootstrap(root) + " depends on it");
    }

    /** Components a configuration record of bootstrap may have: past it, split it by concern. */
    static final int MAX_CONFIG_COMPONENTS = 7;

    /**
     * The server's configuration stays in records of a few components each, one per concern (docs/configuration.md),
     * so that adding a setting touches the part it belongs to rather than a constructor every part passes through.
     */
    public static ArchRule bootstrapRecordsStayNarrow(String root) {
        return classes().that().resideInAPackage(bootstrap(root)).and().areAssignableTo(Record.class)
            .should(new ArchCondition<JavaClass>("have at most " + MAX_CONFIG_COMPONENTS + " components") {
                @Override
                public void check(JavaClass record, ConditionEvents events) {
                    int components = record.reflect().getRecordComponents().length;
                    if (components > MAX_CONFIG_COMPONENTS) {
                        events.add(SimpleConditionEvent.violated(record, record.getName() + " has " + components
                            + " components (at most " + MAX_CONFIG_COMPONENTS + "): split it into parts by concern"));
                    }
                }
            })
            .as("records in " + bootstrap(root) + " have at most " + MAX_CONFIG_COMPONENTS + " components");
    }

    /** Every package below the root is its own slice; no two of them may depend on each other in a cycle. */
    public static ArchRule noPackageCycles(String root) {
        return slices().matching(root + ".(**)")
            .should().beFreeOfCycles()
            .as("packages below " + root + " are free of cycles");
    }

    // ---- value ids -------------------------------------------------------------------------------------

    /**
     * Ids of kinds that no task, user or board id can be mistaken for: API tokens and web sessions, handled only by
     * the identity use cases, a board's column ids, read only beside their {@code Status}, and the sequence numbers
     * of the event outbox ({@code afterId}, {@code lastId}, {@code lastEventId}), and a board's webhook subscriptions
     * and their deliveries, handled only by the webhook use cases and their store. A name also matches when it ends
     * with one of these, capitalised ({@code completedByTokenId}, {@code lastEventId}).
     */
    static final java.util.Set<String> UNTYPED_ID_NAMES =
        java.util.Set.of("tokenId", "sessionId", "columnId", "eventId", "afterId", "lastId", "commentId",
                "webhookId", "subscriptionId", "deliveryId");

    /**
     * The types whose own {@code id} (and the {@code newId} of their {@code withId}) is one of the untyped kinds
     * above: an API token, a web session, an agent session and its activity, a webhook subscription and delivery (and
     * the store that keeps them). Their user, board and task are typed like everywhere else.
     */
    static final java.util.Set<String> UNTYPED_ID_OWNERS = java.util.Set.of("ApiToken", "WebSession", "AgentSession",
        "Activity", "WebhookSubscription", "WebhookDelivery", "WebhookView", "WebhookStore",
        "WebhookSubscriptions", "WebhookDeliveries");

    private static boolean idName(String name) {
        return name.equals("id") || name.endsWith("Id") || name.equals("ids") || name.endsWith("Ids");
    }

    private static boolean untypedName(String name, java.util.Set<String> untypedNames) {
        return untypedNames.stream().anyMatch(untyped -> name.equals(untyped)
                || name.endsWith(Character.toUpperCase(untyped.charAt(0)) + untyped.substring(1)));
    }

    /** A bare number, or a collection, array or optional of bare numbers: what a typed id replaces. */
    private static boolean bareNumber(java.lang.reflect.Type type) {
        if (type == long.class || type == Long.class || type == long[].class || type == Long[].class) {
            return true;
        }
        if (type instanceof java.lang.reflect.ParameterizedType generic
                && generic.getRawType() instanceof Class<?> raw
                && (java.util.Collection.class.isAssignableFrom(raw) || raw == java.util.Optional.class)) {
            return java.util.Arrays.stream(generic.getActualTypeArguments()).anyMatch(argument -> argument == Long.class);
        }
        return false;
    }

    /**
     * A public method or constructor with a bare id: an accessor named id/*Id/*Ids returning a bare number (or a
     * collection of them), or such a parameter.
     */
    private static ArchCondition<JavaCodeUnit> carryNoBareIds(java.util.Set<String> untypedNames,
                                                              java.util.Set<String> untypedIdOwners) {
        return new ArchCondition<>("take and return no bare long/Long (or collection of Long) named id, *Id or *Ids") {
            @Override
            public void check(JavaCodeUnit unit, ConditionEvents events) {
                java.util.function.Predicate<String> exempt = name -> untypedName(name, untypedNames)
                        || (name.equals("id") || name.equals("newId")) && untypedIdOwners.contains(unit.getOwner().getSimpleName());
                if (unit instanceof JavaMethod method && idName(method.getName()) && !exempt.test(method.getName())
                        && bareNumber(method.reflect().getGenericReturnType())) {
                    events.add(SimpleConditionEvent.violated(unit,
                            unit.getFullName() + " returns a bare " + method.reflect().getGenericReturnType().getTypeName()));
                }
                java.lang.reflect.Parameter[] parameters = unit.reflect() instanceof java.lang.reflect.Executable executable
                        ? executable.getParameters() : new java.lang.reflect.Parameter[0];
                for (java.lang.reflect.Parameter parameter : parameters) {
                    if (!parameter.isNamePresent()) {
                        events.add(SimpleConditionEvent.violated(unit,
                                unit.getFullName() + " has no parameter names: compile with -parameters"));
                        return;
                    }
                    if (idName(parameter.getName()) && !exempt.test(parameter.getName())
                            && bareNumber(parameter.getParameterizedType())) {
                        events.add(SimpleConditionEvent.violated(unit, unit.getFullName() + " takes a bare "
                                + parameter.getParameterizedType().getTypeName() + " " + parameter.getName()));
                    }
                }
            }
        };
    }

    /**
     * Every type of the domain and of the ports names task, user and board ids by value types, so a task id passed
     * as a user id does not compile (docs/architecture.md, "Value ids"): no public method or constructor (a record's
     * components included) takes or returns a bare {@code long}/{@code Long}, or a collection of {@code Long}, named
     * {@code id}, {@code *Id} or {@code *Ids}, except the {@code untypedNames} and the own {@code id}/{@code newId}
     * of the {@code untypedIdOwners} (simple names).
     */
    public static ArchRule idsAreTyped(String root, java.util.Set<String> untypedNames,
                                       java.util.Set<String> untypedIdOwners) {
        return codeUnits().that().areDeclaredInClassesThat(resideInAPackage(root + ".domain..")
                    .or(resideInAPackage(root + ".application.port..")))
            .and().arePublic()
            .should(carryNoBareIds(untypedNames, untypedIdOwners))
            .because("a task, user or board id is a TaskId, UserId or BoardId, never a bare number (docs/architecture.md)");
    }

    /** The value id types whose instances are compared with {@code equals}, never {@code ==}. */
    static final java.util.Set<String> VALUE_ID_TYPES = java.util.Set.of(
        "dev.tasklane.domain.id.TaskId", "dev.tasklane.domain.id.UserId", "dev.tasklane.domain.id.BoardId");

    /**
     * No class compares a value id by reference ({@code ==}, {@code !=}): two reads of one id are two records
     * (docs/architecture.md, "Value ids"). ArchUnit does not model instructions, so this reads each class file: a
     * reference comparison ({@code if_acmpeq}/{@code if_acmpne}) whose right operand was just pushed with a type in
     * {@code idTypes} (a method's return, a field, a cast, or a local variable of that type) is reported. An operand
     * computed in a more roundabout way (a conditional expression) escapes it: a review point, not a proof.
     */
    public static ArchRule idsAreComparedByValue(String root, java.util.Set<String> idTypes) {
        java.util.Set<String> descriptors = idTypes.stream().map(name -> "L" + name.replace('.', '/') + ";")
            .collect(java.util.stream.Collectors.toSet());
        return classes().that().resideInAPackage(root + "..")
            .should(new ArchCondition<>("compare value ids with equals, never ==") {
                @Override
                public void check(JavaClass type, ConditionEvents events) {
                    for (String comparison : ReferenceComparisons.of(type, descriptors)) {
                        events.add(SimpleConditionEvent.violated(type, comparison));
                    }
                }
            })
            .because("a TaskId, UserId or BoardId is a value: == is true only for the same object (docs/architecture.md)");
    }

    // ---- general coding rules, scoped to the root -------------------------------------------------------------------

    /** {@code GeneralCodingRules.NO_CLASSES_SHOULD_THROW_GENERIC_EXCEPTIONS}, restricted to {@code root..}. */
    public static ArchRule noGenericExceptions(String root) {
        return noClasses().that().resideInAPackage(root + "..")
            .should(THROW_GENERIC_EXCEPTIONS)
            .because("callers act on specific error types, mapped once at the HTTP edge");
    }

    /** {@code GeneralCodingRules.NO_CLASSES_SHOULD_USE_JAVA_UTIL_LOGGING}, restricted to {@code root..}. */
    public static ArchRule noJavaUtilLogging(String root) {
        return noClasses().that().resideInAPackage(root + "..")
            .should(USE_JAVA_UTIL_LOGGING)
            .because("Tasklane logs through SLF4J");
    }

    /** {@code GeneralCodingRules.NO_CLASSES_SHOULD_USE_FIELD_INJECTION}, restricted to fields declared in {@code root..}. */
    public static ArchRule noFieldInjection(String root) {
        return noFields().that().areDeclaredInClassesThat().resideInAPackage(root + "..")
            .should(BE_ANNOTATED_WITH_AN_INJECTION_ANNOTATION)
            .as("no classes in " + root + " should use field injection")
            .because("wiring is plain constructor calls in bootstrap");
    }

    /**
     * {@code GeneralCodingRules.NO_CLASSES_SHOULD_ACCESS_STANDARD_STREAMS}, except in bootstrap (start-up messages) and
     * the future {@code client} CLI, whose job is printing.
     */
    public static ArchRule noStandardStreamsOutsideBootstrapAndClient(String root) {
        return noClasses().that(resideInAPackage(root + "..")
                .and(resideOutsideOfPackage(bootstrap(root)))
                .and(resideOutsideOfPackage(client(root))))
            .should(ACCESS_STANDARD_STREAMS)
            .because("only bootstrap and the CLI talk to the terminal; everything else logs through SLF4J");
    }

    /** The outbound-port methods that write tasks and their history. */
    static final java.util.Set<String> STORE_WRITES = java.util.Set.of("insert", "update", "appendHistory");

    /**
     * Task writes go through {@code Changes}: the use-case runner hands out a writable one only on its write path,
     * after the board access check ({@code BoardAccess}), or to the server's own maintenance. No other service
     * calls an outbound port's insert, update or appendHistory, so no write can skip the check.
     */
    public static ArchRule tasksAreWrittenOnlyThroughChanges(String root) {
        DescribedPredicate<JavaMethodCall> storeWrite =
                new DescribedPredicate<>("an outbound port's " + String.join(", ", new java.util.TreeSet<>(STORE_WRITES))) {
                    @Override
                    public boolean test(JavaMethodCall call) {
                        return call.getTargetOwner().getPackageName().startsWith(root + ".application.port.out")
                                && STORE_WRITES.contains(call.getName());
                    }
                };
        return noClasses().that().resideInAPackage(services(root)).and().doNotHaveSimpleName("Changes")
            .should().callMethodWhere(storeWrite)
            .because("every task write passes the runner's board access check and is recorded in the history");
    }

    /** The access policy's checks of a caller's scope on its board ({@code BoardAccess}). */
    static final java.util.Set<String> SCOPE_CHECKS = java.util.Set.of("requireWrite", "require", "requireSupervise");

    /**
     * A caller's scope on its board is checked once per use case, through the domain's access policy: in the
     * application and the domain by the use-case runner alone, and in the HTTP adapter by the request's {@code Call}
     * alone, for the routes that the route table marks to refuse a caller before judging the body's fields (Stride's
     * order of errors). No service, workflow step or route handler checks it again. The rules that judge the caller
     * against a task ({@code requireReviewAuthority}, {@code completedBy}) are the workflow step's own.
     */
    public static ArchRule scopeIsCheckedOncePerUseCase(String root) {
        String policy = root + ".domain.agent.BoardAccess";
        DescribedPredicate<JavaMethodCall> scopeCheck =
                new DescribedPredicate<>("a scope check of the access policy (BoardAccess."
                        + String.join(", ", new java.util.TreeSet<>(SCOPE_CHECKS)) + ")") {
                    @Override
                    public boolean test(JavaMethodCall call) {
                        return call.getTargetOwner().getFullName().equals(policy) && SCOPE_CHECKS.contains(call.getName());
                    }
                };
        return noClasses().that().resideInAPackage(root + "..")
            .and().doNotHaveFullyQualifiedName(policy)
            .and().doNotHaveFullyQualifiedName(root + ".application.service.UseCaseRunner")
            .and().doNotHaveFullyQualifiedName(root + ".adapter.http.pipeline.Call")
            .should().callMethodWhere(scopeCheck)
            .because("the use-case runner checks a caller's scope once per use case (and the route table, where "
                + "Stride's order of errors needs it before the body's fields); a second check elsewhere drifts from it");
    }

    // ---- typed inbound ports ----------------------------------------------------------------------------

    /**
     * Types the rule skips because they still carry decoded JSON. Empty: every port and every public domain type is
     * typed. A type may be listed here only while it is being converted, never as a way around the rule.
     */
    static final java.util.Set<String> PENDING_TYPES = java.util.Set.of();

    /**
     * The domain records of a completion, relative to the domain package (binary names, {@code Outer$Inner} for nested
     * types), that carry typed values only: a result's keys that no rule names ride in {@code UnknownKeys}, each value a
     * {@code Verbatim} (docs/rules.md, "Completion: the typed command").
     */
    static final java.util.Set<String> TYPED_DOMAIN_RECORDS = java.util.Set.of(
        "task.AgentReport", "task.Completion", "task.ExplorerResult", "task.ExplorerResult$Dispatched",
        "task.ExplorerResult$Skipped", "task.WorkflowStep", "task.ChangedFile", "task.UnknownKeys", "task.Verbatim",
        "task.ReviewerResult", "task.ReviewerResult$Dispatched", "task.ReviewerResult$Skipped",
        "task.ReviewerResult$Findings", "validation.SentResult", "task.ReviewerResult$Issue", "task.ReviewerResult$CriterionCheck",
        "task.ReviewerResult$SectionVerdict", "task.ReviewerResult$Consideration", "task.ReviewerResult$TestMatrix",
        "task.ReviewerResult$MatrixRow", "task.ReviewerResult$IssueCounts",
        "validation.CheckedCompletion", "validation.CompletionProblems", "validation.CompletionProblems$ResultProblems",
        "validation.ChangedFilesDraft", "validation.ChangedFilesDraft$Entry", "hook.HookResult", "hook.HookResultDraft");

    /**
     * Whether a signature type carries decoded JSON: {@code Object} itself or as a type argument
     * ({@code Map<String, Object>}, {@code List<Object>}), or a raw {@code Map} or collection. An unbounded
     * wildcard ({@code List<?>}) promises nothing about its elements and is allowed.
     */
    private static java.util.Optional<String> decodedJson(com.tngtech.archunit.core.domain.JavaType type) {
        if (type instanceof com.tngtech.archunit.core.domain.JavaParameterizedType parameterized) {
            for (com.tngtech.archunit.core.domain.JavaType argument : parameterized.getActualTypeArguments()) {
                java.util.Optional<String> found = decodedJson(argument);
                if (found.isPresent()) {
                    return found;
                }
            }
            return java.util.Optional.empty();
        }
        if (type instanceof JavaClass raw) {
            if (raw.isArray()) {
                return decodedJson(raw.getComponentType());
            }
            if (raw.isEquivalentTo(Object.class)) {
                return java.util.Optional.of("java.lang.Object");
            }
            boolean generic = !raw.getTypeParameters().isEmpty();
            if (generic && (raw.isAssignableTo(java.util.Map.class) || raw.isAssignableTo(java.util.Collection.class))) {
                // a generic Map or collection without its type arguments; a class that fixes them (a Map of
                // String to String, say) is as typed as any record
                return java.util.Optional.of("a raw " + raw.getName());
            }
        }
        return java.util.Optional.empty();
    }

    /** Whether a code unit implements a method of the JDK's Map or collection interfaces, whose signatures are fixed. */
    private static boolean implementsCollectionApi(com.tngtech.archunit.core.domain.JavaCodeUnit unit) {
        JavaClass owner = unit.getOwner();
        if (!owner.isAssignableTo(java.util.Map.class) && !owner.isAssignableTo(java.util.Collection.class)) {
            return false;
        }
        for (Class<?> api : java.util.List.of(java.util.Map.class, java.util.Collection.class, java.util.List.class,
                java.util.Set.class)) {
            for (java.lang.reflect.Method method : api.getMethods()) {
                if (method.getName().equals(unit.getName())
                        && method.getParameterCount() == unit.getRawParameterTypes().size()) {
                    return true;
                }
            }
        }
        return false;
    }

    private static final ArchCondition<com.tngtech.archunit.core.domain.JavaCodeUnit> CARRY_NO_DECODED_JSON =
            new ArchCondition<>("take and return no Object, no Map or List of Object, no raw Map or List") {
                @Override
                public void check(com.tngtech.archunit.core.domain.JavaCodeUnit unit, ConditionEvents events) {
                    if (unit.getModifiers().contains(com.tngtech.archunit.core.domain.JavaModifier.BRIDGE)
                            || unit.getModifiers().contains(com.tngtech.archunit.core.domain.JavaModifier.SYNTHETIC)) {
                        return; // compiler-made, such as compareTo(Object) bridging compareTo(TaskIdentifier)
                    }
                    if (implementsCollectionApi(unit)) {
                        return; // get(Object) of a typed Map is the JDK's signature, not ours
                    }
                    java.util.List<com.tngtech.archunit.core.domain.JavaType> types = new java.util.ArrayList<>();
                    types.add(unit.getReturnType());
                    types.addAll(unit.getParameterTypes());
                    for (com.tngtech.archunit.core.domain.JavaType type : types) {
                        decodedJson(type).ifPresent(found -> events.add(SimpleConditionEvent.violated(unit,
                                unit.getFullName() + " carries " + found + " in its signature")));
                    }
                }
            };

    /**
     * No inbound or outbound port, and no public signature of the domain (record components included), carries decoded
     * JSON: the HTTP adapter parses the wire format into typed values, so an embedder gets the compiler's help. What
     * an agent sent that no rule reads is a {@code Verbatim} (encoded text, never an {@code Object}), and a record's
     * {@code equals(Object)} is Java's, not ours.
     *
     * @param pending simple names (binary, {@code Outer$Inner} for nested types) of types not converted yet
     */
    public static ArchRule typedPortsCarryNoDecodedJson(String root, java.util.Set<String> pending) {
        DescribedPredicate<JavaClass> core = new DescribedPredicate<>("are public types of the ports or the domain") {
            @Override
            public boolean test(JavaClass type) {
                String pkg = type.getPackageName();
                boolean scoped = pkg.startsWith(root + ".application.port.in") || pkg.startsWith(root + ".application.port.out")
                        || pkg.startsWith(root + ".domain");
                String binary = type.getName().substring(pkg.length() + 1);
                String outer = binary.contains("$") ? binary.substring(0, binary.indexOf('$')) : binary;
                return scoped && type.getModifiers().contains(com.tngtech.archunit.core.domain.JavaModifier.PUBLIC)
                        && !pending.contains(binary) && !pending.contains(outer);
            }
        };
        return com.tngtech.archunit.lang.syntax.ArchRuleDefinition.codeUnits().that().arePublic()
            .and().areDeclaredInClassesThat(core).and().doNotHaveName("equals")
            .should(CARRY_NO_DECODED_JSON)
            .because("JSON is parsed in the HTTP adapter; the core speaks typed values (docs/architecture.md)");
    }

    /**
     * The listed domain records carry no decoded JSON: no {@code Map} and no {@code Object} in any accessor or method
     * signature (a record's {@code equals(Object)} aside), so a stored completion is read with the compiler's help.
     *
     * @param records binary names relative to {@code root.domain} ({@code task.ReviewerResult$Issue})
     */
    public static ArchRule typedDomainRecordsCarryNoDecodedJson(String root, java.util.Set<String> records) {
        String domain = root + ".domain.";
        DescribedPredicate<JavaClass> listed = new DescribedPredicate<>("are the typed domain records " + new java.util.TreeSet<>(records)) {
            @Override
            public boolean test(JavaClass type) {
                return type.getName().startsWith(domain) && records.contains(type.getName().substring(domain.length()));
            }
        };
        return methods().that().areDeclaredInClassesThat(listed).and().doNotHaveName("equals")
            .should(CARRY_NO_DECODED_JSON)
            .because("JSON is read in the adapters; the domain's records are typed (docs/architecture.md)");
    }

    /** {@code GeneralCodingRules.NO_CLASSES_SHOULD_USE_JODATIME}, restricted to {@code root..}. */
    public static ArchRule noJodaTime(String root) {
        return noClasses().that().resideInAPackage(root + "..")
            .should(USE_JODATIME)
            .because("java.time is the time API");
    }
}
