package dev.tasklane.adapter.http;

import static dev.tasklane.adapter.http.onboarding.DocumentTrees.plain;

import dev.tasklane.adapter.http.Harness.Res;
import dev.tasklane.domain.agent.Actor;
import dev.tasklane.application.port.in.TaskQuery;
import dev.tasklane.adapter.http.onboarding.OnboardingExamples;
import dev.tasklane.adapter.http.onboarding.OnboardingSchemas;
import dev.tasklane.application.service.Tasklane;
import dev.tasklane.domain.identity.ApiToken;
import dev.tasklane.domain.validation.CompletionMode;
import dev.tasklane.domain.validation.Limit;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.function.Supplier;

import static dev.tasklane.adapter.http.Harness.hookOk;
import static dev.tasklane.adapter.http.Harness.map;
import static dev.tasklane.adapter.http.Harness.task;

/**
 * Generated hostile requests against every write body of the API, over any store. The positions to attack are
 * read from the onboarding schemas (every property, every array item, every alternative) and from a valid
 * template of each body; each position gets each odd value (null, wrong types, empty and oversized strings,
 * negative and huge numbers, over-long lists, deep nesting, odd Unicode) or is removed, and the rest of the
 * budget goes to random multi-edits and truncated documents. The cases are shuffled by a seed that is printed
 * and can be replayed with {@code -Dtasklane.fuzz.seed=}.
 *
 * <p>Invariants checked after every request: no 5xx; a refusal carries a JSON body saying what is wrong; and a
 * refused request leaves the board as it was (a snapshot of the most recently changed tasks, the users, the
 * boards and the tokens, read in-process before and after). Tasks a successful request used up (a claim, a
 * completion, a review ...) are replaced so that every body keeps reaching its validation.
 */
public final class GeneratedFuzz {
    /** The request budget of the in-memory run in CI; other stores take {@link #STORE_REQUESTS}. */
    public static final int CI_REQUESTS = 10_000;
    /** The request budget of a run over a database store (the same cases, fewer of them). */
    public static final int STORE_REQUESTS = 600;
    private static final int SNAPSHOT_TASKS = 40;
    private static final int TRUNCATION_SHARE = 10;

    /** What a run did. {@code failures} lists every broken invariant (empty when all held). */
    public record Result(long seed, int sent, int refused, int accepted, int generatedPositions, List<String> failures) {
        @Override
        public String toString() {
            return String.format("fuzz: seed %d, %d requests (%d refused, %d accepted), %d attacked positions, "
                    + "%d failures (replay with -Dtasklane.fuzz.seed=%d)", seed, sent, refused, accepted,
                    generatedPositions, failures.size(), seed);
        }
    }

    /** The seed to use: {@code -Dtasklane.fuzz.seed} when set, else a fresh one. */
    public static long seed() {
        Long fixed = Long.getLong("tasklane.fuzz.seed");
        return fixed != null ? fixed : new Random().nextLong();
    }

    /** The request budget: {@code -Dtasklane.fuzz.requests} when set, else {@code defaultBudget}. */
    public static int budget(int defaultBudget) {
        return Integer.getInteger("tasklane.fuzz.requests", defaultBudget);
    }

    /** Serves {@code tasklane} over HTTP and sends {@code requests} generated requests. */
    public static Result run(Tasklane tasklane, long seed, int requests) {
        Result[] result = new Result[1];
        Harness.serve(tasklane, harness -> result[0] = new GeneratedFuzz(harness, seed).send(requests));
        return result[0];
    }

    // ---------------------------------------------------------------- targets and bodies

    /** The state of task a body needs. */
    private enum Need { NONE, OPEN, CLAIMED, REVIEW, REVIEWED, AFTER_GOAL }

    /** One write endpoint: {@code consumes} when a success uses its target task up (it is then replaced). */
    private record Endpoint(String method, String path, Need need, boolean consumes, Supplier<Object> template,
                            Map<String, Object> schema) {
        Endpoint(String method, String path, Need need, Supplier<Object> template, Map<String, Object> schema) {
            this(method, path, need, need != Need.NONE && need != Need.OPEN, template, schema);
        }
    }

    private record Case(Endpoint endpoint, List<Object> path, int oddValue, long editSeed) {
        static final int REMOVE = -1;
        static final int RANDOM_EDITS = -2;
        static final int TRUNCATED = -3;
    }

    private final Harness h;
    private final long seed;
    private final Random random;
    private final Map<Need, String> targets = new LinkedHashMap<>();
    private final Actor admin;
    /**
     * The token the fixture's agent claims and completes with: the fuzzing (reviewer) token may not record a
     * review decision on work that it completed itself.
     */
    private final String agentToken;

    private GeneratedFuzz(Harness h, long seed) {
        this.h = h;
        this.seed = seed;
        this.random = new Random(seed);
        this.admin = h.tasklane.identity().authenticate(Harness.TOKEN, null);
        Res minted = h.post("/api/tokens", map("name", "fuzz agent", "reviewer", false));
        expect(minted, "the fixture's agent token");
        this.agentToken = String.valueOf(minted.data().get("token"));
    }

    private List<Endpoint> endpoints() {
        Map<String, Object> schemas = plain(OnboardingSchemas.all(CompletionMode.GRACE));
        List<Endpoint> out = new ArrayList<>();
        out.add(new Endpoint("POST", "/api/tasks", Need.NONE, OnboardingExamples::createTask, schema(schemas, "task")));
        out.add(new Endpoint("POST", "/api/tasks", Need.NONE, OnboardingExamples::createGoal, schema(schemas, "goal")));
        out.add(new Endpoint("POST", "/api/tasks/batch", Need.NONE, OnboardingExamples::batch, schema(schemas, "batch")));
        out.add(new Endpoint("PATCH", "/api/tasks/{id}", Need.OPEN, () -> map("task", map("title", "Renamed",
                "priority", "high", "acceptance_criteria", "a\nb", "pitfalls", List.of("p"))), schema(schemas, "task")));
        out.add(new Endpoint("POST", "/api/tasks/claim", Need.OPEN, true, () -> {
            Map<String, Object> claim = plain(OnboardingExamples.claim());
            claim.put("identifier", targets.get(Need.OPEN));
            return claim;
        }, schema(schemas, "claim")));
        out.add(new Endpoint("PATCH", "/api/tasks/{id}/complete", Need.CLAIMED, OnboardingExamples::complete,
                schema(schemas, "complete")));
        out.add(new Endpoint("PATCH", "/api/tasks/{id}/mark_reviewed", Need.REVIEWED, OnboardingExamples::markReviewed,
                schema(schemas, "mark_reviewed")));
        out.add(new Endpoint("PATCH", "/api/tasks/{id}/after_goal", Need.AFTER_GOAL, OnboardingExamples::afterGoal,
                schema(schemas, "after_goal")));
        out.add(new Endpoint("PUT", "/api/tasks/{id}/changed_files", Need.CLAIMED, () -> map("changed_files",
                List.of(map("path", "src/A.java", "diff", "+x\n"), map("path", "src/B.java"))), Map.of()));
        out.add(new Endpoint("POST", "/api/tasks/{id}/heartbeat", Need.CLAIMED, () -> map("agent_name", "fz"), Map.of()));
        out.add(new Endpoint("POST", "/api/tasks/{id}/unclaim", Need.CLAIMED, () -> map("reason", "fuzz",
                "agent_name", "fz"), Map.of()));
        out.add(new Endpoint("PATCH", "/api/tasks/{id}/review", Need.REVIEW, () -> map("review_status",
                "changes_requested", "review_notes", "fix it"), Map.of()));
        out.add(new Endpoint("PATCH", "/api/tasks/{id}/mark_done", Need.REVIEW, () -> map("agent_name", "fz"), Map.of()));
        out.add(new Endpoint("PATCH", "/api/tasks/{id}/assign", Need.OPEN, () -> map("assigned_to_id", 1), Map.of()));
        out.add(new Endpoint("POST", "/api/users", Need.NONE, () -> map("username", "u" + random.nextInt(1_000_000),
                "display_name", "U", "password", "correct horse battery staple", "role", "member"), Map.of()));
        out.add(new Endpoint("POST", "/api/boards", Need.NONE, () -> map("name", "Board " + random.nextInt(1_000_000)),
                Map.of()));
        out.add(new Endpoint("POST", "/api/boards/1/members", Need.NONE, () -> map("user", "fuzzy", "access", "read_only"),
                Map.of()));
        out.add(new Endpoint("POST", "/api/tokens", Need.NONE, () -> map("name", "t", "capabilities", List.of("testing"),
                "reviewer", false, "expires_in_days", 3, "agent_model", "m"), Map.of()));
        return out;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> schema(Map<String, Object> schemas, String name) {
        return (Map<String, Object>) schemas.get(name);
    }

    /** Every position to attack in one body: from its schema and from its template, root included. */
    public static List<List<Object>> positions(Map<String, Object> schema, Object template) {
        Set<List<Object>> out = new LinkedHashSet<>();
        out.add(List.of());
        schemaPositions(schema, new ArrayList<>(), out, 0);
        templatePositions(template, new ArrayList<>(), out);
        return new ArrayList<>(out);
    }

    private static void schemaPositions(Object node, List<Object> prefix, Set<List<Object>> out, int depth) {
        if (!(node instanceof Map<?, ?> schema) || depth > 12) {
            return;
        }
        if (!prefix.isEmpty()) {
            out.add(List.copyOf(prefix));
        }
        if (schema.get("properties") instanceof Map<?, ?> properties) {
            properties.forEach((key, sub) -> {
                prefix.add(String.valueOf(key));
                schemaPositions(sub, prefix, out, depth + 1);
                prefix.remove(prefix.size() - 1);
            });
        }
        if (schema.get("items") instanceof Map<?, ?> items) {
            prefix.add(0);
            schemaPositions(items, prefix, out, depth + 1);
            prefix.remove(prefix.size() - 1);
        }
        for (String combinator : List.of("oneOf", "anyOf", "allOf")) {
            if (schema.get(combinator) instanceof List<?> alternatives) {
                alternatives.forEach(alternative -> schemaPositions(alternative, prefix, out, depth + 1));
            }
        }
    }

    private static void templatePositions(Object node, List<Object> prefix, Set<List<Object>> out) {
        if (!prefix.isEmpty()) {
            out.add(List.copyOf(prefix));
        }
        if (node instanceof Map<?, ?> map) {
            map.forEach((key, value) -> {
                prefix.add(String.valueOf(key));
                templatePositions(value, prefix, out);
                prefix.remove(prefix.size() - 1);
            });
        } else if (node instanceof List<?> list) {
            for (int i = 0; i < list.size(); i++) {
                prefix.add(i);
                templatePositions(list.get(i), prefix, out);
                prefix.remove(prefix.size() - 1);
            }
        }
    }

    // ---------------------------------------------------------------- odd values

    /** How many kinds of odd value {@link #oddValue} makes (kinds 0 to ODD_VALUES - 1). */
    public static final int ODD_VALUES = 22;

    /** An odd value of kind {@code kind}: null, wrong types, empty and oversized strings and lists, deep nesting... */
    public static Object oddValue(int kind, Random random) {
        return switch (kind) {
            case 0 -> null;
            case 1 -> 0;
            case 2 -> -1;
            case 3 -> Long.MIN_VALUE;
            case 4 -> new BigInteger("9223372036854775808").multiply(BigInteger.valueOf(1 + random.nextInt(9)));
            case 5 -> 1.5e308;
            case 6 -> true;
            case 7 -> "";
            case 8 -> "   ";
            case 9 -> "x".repeat(Limit.TITLE.max() + 1);
            case 10 -> "y".repeat(Limit.LONG_TEXT.max() + 1);
            case 11 -> "n\u0000ul/../..\\ \u202e\uFEFF\u00f1\uD83D\uDE42\u65e5\u672c W1";
            case 12 -> new ArrayList<>();
            case 13 -> new LinkedHashMap<>();
            case 14 -> new ArrayList<>(Collections.nCopies(Limit.LIST_ENTRIES.max() + 1, "W1"));
            case 15 -> nested(20 + random.nextInt(60));
            case 16 -> new ArrayList<>(java.util.Arrays.asList(null, 3, "s", map("path", "/abs")));
            case 17 -> map("", null, "k", List.of(map()));
            case 18 -> "W" + random.nextInt(50);
            case 19 -> random.nextInt(50);
            case 20 -> -0.5;
            default -> new ArrayList<>(Collections.nCopies(Limit.LIST_ENTRIES.max() + 1, map("file_path", "a",
                    "position", 0, "step_type", "command", "step_text", "t")));
        };
    }

    private static Object nested(int depth) {
        Object value = "deep";
        for (int i = 0; i < depth; i++) {
            value = i % 2 == 0 ? new ArrayList<>(List.of(value)) : map("k", value);
        }
        return value;
    }

    // ---------------------------------------------------------------- cases

    private List<Case> cases(List<Endpoint> endpoints, int requests, int[] positionCount) {
        List<Case> systematic = new ArrayList<>();
        for (Endpoint endpoint : endpoints) {
            List<List<Object>> positions = positions(endpoint.schema(), endpoint.template().get());
            positionCount[0] += positions.size();
            for (List<Object> position : positions) {
                if (!position.isEmpty()) {
                    systematic.add(new Case(endpoint, position, Case.REMOVE, 0));
                }
                for (int odd = 0; odd < ODD_VALUES; odd++) {
                    systematic.add(new Case(endpoint, position, odd, 0));
                }
            }
        }
        Collections.shuffle(systematic, random);
        List<Case> out = new ArrayList<>(systematic.subList(0, Math.min(systematic.size(), requests)));
        while (out.size() < requests) {
            Endpoint endpoint = endpoints.get(random.nextInt(endpoints.size()));
            boolean truncated = random.nextInt(TRUNCATION_SHARE) == 0;
            out.add(new Case(endpoint, List.of(), truncated ? Case.TRUNCATED : Case.RANDOM_EDITS, random.nextLong()));
        }
        Collections.shuffle(out, random);
        return out;
    }

    private String body(Case c) {
        Object body = deepCopy(c.endpoint().template().get());
        if (c.oddValue() == Case.TRUNCATED) {
            String text = Harness.write(body);
            return text.substring(0, new Random(c.editSeed()).nextInt(Math.max(1, text.length())));
        }
        if (c.oddValue() == Case.RANDOM_EDITS) {
            Random edits = new Random(c.editSeed());
            List<List<Object>> positions = positions(c.endpoint().schema(), body);
            for (int i = 1 + edits.nextInt(3); i > 0; i--) {
                List<Object> position = positions.get(edits.nextInt(positions.size()));
                body = edits.nextInt(4) == 0 ? remove(body, position) : setAt(body, position, oddValue(edits.nextInt(ODD_VALUES), edits));
            }
            return Harness.write(body);
        }
        if (c.oddValue() == Case.REMOVE) {
            return Harness.write(remove(body, c.path()));
        }
        return Harness.write(setAt(body, c.path(), oddValue(c.oddValue(), random)));
    }

    /** {@code root} with the value at {@code path} replaced, creating the containers on the way. */
    @SuppressWarnings("unchecked")
    public static Object setAt(Object root, List<Object> path, Object value) {
        if (path.isEmpty()) {
            return value;
        }
        Object key = path.get(0);
        List<Object> rest = path.subList(1, path.size());
        if (key instanceof String name) {
            Map<String, Object> map = root instanceof Map<?, ?> existing ? (Map<String, Object>) existing : new LinkedHashMap<>();
            map.put(name, setAt(map.get(name), rest, value));
            return map;
        }
        int index = (Integer) key;
        List<Object> list = root instanceof List<?> existing ? (List<Object>) existing : new ArrayList<>();
        while (list.size() <= index) {
            list.add(null);
        }
        list.set(index, setAt(list.get(index), rest, value));
        return list;
    }

    @SuppressWarnings("unchecked")
    public static Object remove(Object root, List<Object> path) {
        if (path.isEmpty()) {
            return root;
        }
        Object node = root;
        for (Object key : path.subList(0, path.size() - 1)) {
            if (key instanceof String name && node instanceof Map<?, ?> map) {
                node = map.get(name);
            } else if (key instanceof Integer index && node instanceof List<?> list && index < list.size()) {
                node = list.get(index);
            } else {
                return root;
            }
        }
        Object last = path.get(path.size() - 1);
        if (last instanceof String name && node instanceof Map<?, ?> map) {
            ((Map<String, Object>) map).remove(name);
        } else if (last instanceof Integer index && node instanceof List<?> list && index < list.size()) {
            ((List<Object>) list).remove((int) index);
        }
        return root;
    }

    @SuppressWarnings("unchecked")
    public static Object deepCopy(Object value) {
        if (value instanceof Map<?, ?> map) {
            Map<String, Object> copy = new LinkedHashMap<>();
            ((Map<String, Object>) map).forEach((k, v) -> copy.put(k, deepCopy(v)));
            return copy;
        }
        if (value instanceof List<?> list) {
            List<Object> copy = new ArrayList<>();
            list.forEach(item -> copy.add(deepCopy(item)));
            return copy;
        }
        return value;
    }

    // ---------------------------------------------------------------- the run

    private Result send(int requests) {
        h.post("/api/users", map("username", "fuzzy", "password", "correct horse battery staple", "role", "member"));
        for (Need need : Need.values()) {
            refresh(need);
        }
        List<Endpoint> endpoints = endpoints();
        int[] positionCount = new int[1];
        List<Case> cases = cases(endpoints, requests, positionCount);
        List<String> failures = new ArrayList<>();
        int refused = 0;
        String state = snapshot();
        for (Case c : cases) {
            Endpoint endpoint = c.endpoint();
            String path = endpoint.path().replace("{id}", String.valueOf(targets.get(endpoint.need())));
            String payload = body(c);
            Res res = h.send(endpoint.method(), path, payload, Harness.TOKEN);
            String what = endpoint.method() + " " + path + " " + describe(c) + " " + abbreviate(payload) + " -> "
                    + abbreviate(res.toString());
            if (res.status() >= 500) {
                failures.add("5xx: " + what);
            }
            if (res.status() >= 200 && res.status() < 300) {
                if (endpoint.consumes()) {
                    refresh(endpoint.need());
                }
                state = snapshot();
                continue;
            }
            refused++;
            if (!(res.json() instanceof Map<?, ?> problem) || !(problem.containsKey("error") || problem.containsKey("errors"))) {
                failures.add("refusal without an error body: " + what);
            }
            String after = snapshot();
            if (!after.equals(state)) {
                failures.add("refused request changed the board: " + what);
                state = after;
            }
        }
        return new Result(seed, cases.size(), refused, cases.size() - refused, positionCount[0], failures);
    }

    /** Replaces the task of a kind that a successful request used up. */
    private void refresh(Need need) {
        switch (need) {
            case NONE -> targets.put(need, "");
            case OPEN -> targets.put(need, identifier(h.createTask("Fuzz open")));
            case CLAIMED -> targets.put(need, claimed(false));
            case REVIEW -> targets.put(need, claimed(true));
            case REVIEWED -> {
                String identifier = claimed(true);
                expect(h.patch("/api/tasks/" + identifier + "/review", map("review_status", "approved")), identifier);
                targets.put(need, identifier);
            }
            case AFTER_GOAL -> {
                Res goal = h.post("/api/tasks", map("task", map("title", "Fuzz goal", "type", "goal", "priority", "low",
                        "tasks", List.of(task("Fuzz goal child")))));
                expect(goal, "a goal");
                @SuppressWarnings("unchecked")
                List<Map<String, Object>> children = (List<Map<String, Object>>) goal.body().get("child_tasks");
                String child = identifier(children.get(0));
                expect(h.claim(child, agentToken), child);
                expect(h.complete(child, agentToken), child);
                @SuppressWarnings("unchecked")
                Map<String, Object> created = (Map<String, Object>) goal.body().get("goal");
                targets.put(need, identifier(created));
            }
        }
    }

    /**
     * A task claimed by the fixture's agent; with {@code review}, completed into Review by it, so that the fuzzing
     * token may review it.
     */
    private String claimed(boolean review) {
        String identifier = identifier(h.createTask(review ? "Fuzz review" : "Fuzz claimed", "needs_review", review));
        expect(h.claim(identifier, agentToken), identifier);
        if (review) {
            expect(h.complete(identifier, agentToken), identifier);
        }
        return identifier;
    }

    private static void expect(Res res, String identifier) {
        if (res.status() >= 300) {
            throw new IllegalStateException("fixture step on " + identifier + " failed: " + res);
        }
    }

    private static String identifier(Map<String, Object> task) {
        return String.valueOf(task.get("identifier"));
    }

    /**
     * The board as a refused request must leave it: the most recently changed tasks (a change stamps updated_at,
     * so any write lands here), the users, the boards, and the tokens without their last-use stamp.
     */
    private String snapshot() {
        StringBuilder out = new StringBuilder();
        TaskQuery recent = new TaskQuery(admin.board().id(), null, null, null, null, false, null, null, null,
                TaskQuery.Sort.UPDATED_AT, true, SNAPSHOT_TASKS, null);
        h.tasklane.reads().list(admin, recent).tasks().forEach(view -> out.append(view.task()).append('\n'));
        out.append(h.tasklane.identity().users(admin)).append('\n');
        out.append(h.tasklane.identity().boards(admin)).append('\n');
        for (ApiToken token : h.tasklane.identity().tokens(admin)) {
            out.append(token.id()).append(token.name()).append(token.capabilities()).append(token.revokedAt())
                    .append(token.expiresAt()).append(token.reviewer()).append('\n');
        }
        return out.toString();
    }

    /** Which position got which value: enough to read the case back from a failure message. */
    private static String describe(Case c) {
        return switch (c.oddValue()) {
            case Case.REMOVE -> "[remove " + c.path() + "]";
            case Case.RANDOM_EDITS -> "[random edits " + c.editSeed() + "]";
            case Case.TRUNCATED -> "[truncated document]";
            default -> "[" + c.path() + " = odd value #" + c.oddValue() + "]";
        };
    }

    private static String abbreviate(String text) {
        return text.length() > 400 ? text.substring(0, 400) + "…" : text;
    }
}
