package dev.tasklane.adapter.web;

import dev.tasklane.application.port.in.PartKeys;
import dev.tasklane.adapter.web.view.Chrome;
import dev.tasklane.adapter.web.view.Criterion;
import dev.tasklane.adapter.web.view.Field;
import dev.tasklane.adapter.web.view.HistoryRow;
import dev.tasklane.adapter.web.view.Link;
import dev.tasklane.adapter.web.view.Option;
import dev.tasklane.adapter.web.view.Table;
import dev.tasklane.adapter.web.view.TaskPage;
import dev.tasklane.adapter.web.view.VerdictRow;
import dev.tasklane.domain.agent.Actor;
import dev.tasklane.application.port.in.ReadTasksUseCase.Dependency;
import dev.tasklane.application.port.in.ReadTasksUseCase.DependencyChain;
import dev.tasklane.application.port.in.ReadTasksUseCase.Dependents;
import dev.tasklane.application.port.in.ReviewDecision;
import dev.tasklane.application.port.in.TaskRef;
import dev.tasklane.application.port.in.TaskView;
import dev.tasklane.application.port.in.AssignTaskUseCase;
import dev.tasklane.application.port.in.CallerUseCase;
import dev.tasklane.application.port.in.ReadTasksUseCase;
import dev.tasklane.application.port.in.ReorderUseCase;
import dev.tasklane.application.port.in.ReviewUseCase;
import dev.tasklane.domain.error.ErrorDetails;
import dev.tasklane.domain.id.UserId;
import dev.tasklane.domain.task.Verbatim;
import dev.tasklane.domain.task.UnknownKeys;
import dev.tasklane.domain.task.ExplorerResult;
import dev.tasklane.domain.task.ReviewerResult;
import dev.tasklane.domain.task.ReviewerResult.Findings;
import dev.tasklane.domain.task.ReviewerResult.Consideration;
import dev.tasklane.domain.task.ReviewerResult.CriterionCheck;
import dev.tasklane.domain.task.ReviewerResult.Issue;
import dev.tasklane.domain.task.ReviewerResult.IssueCounts;
import dev.tasklane.domain.task.ReviewerResult.SectionVerdict;
import dev.tasklane.domain.task.ReviewerResult.TestMatrix;
import dev.tasklane.domain.task.WorkflowStep;
import dev.tasklane.domain.error.InvalidInputException;
import dev.tasklane.domain.history.HistoryEntry;
import dev.tasklane.domain.history.HistoryFacts;
import dev.tasklane.domain.identity.User;
import dev.tasklane.domain.task.Completion;
import dev.tasklane.domain.task.KeyFile;
import dev.tasklane.domain.task.Review;
import dev.tasklane.domain.task.Status;
import dev.tasklane.domain.task.Task;
import dev.tasklane.domain.task.TaskIdentifier;
import dev.tasklane.domain.task.TaskSpec;
import dev.tasklane.domain.task.TaskType;
import dev.tasklane.domain.task.VerificationStep;
import io.javalin.http.Context;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** A task's page (every field, the diff, history) and what a person does there: review, mark done, assign. */
final class TaskPages {
    /** Spec details shown under their own headings, in this order; any other detail follows. */
    private static final Set<String> REVIEW_SECTIONS = new LinkedHashSet<>(
            List.of("testing_strategy", "patterns", "pitfalls", "security_considerations", "behaviour_test_matrix"));

    private final Web web;
    private final ReadTasksUseCase reads;
    private final CallerUseCase identity;
    private final AssignTaskUseCase assignment;
    private final ReorderUseCase reorder;
    private final ReviewUseCase reviews;
    private final BoardData data;
    private final TaskForms forms;
    private final CommentPages comments;
    private final SupervisionPages supervision;

    TaskPages(Web web, ReadTasksUseCase reads, CallerUseCase identity, AssignTaskUseCase assignment,
              ReorderUseCase reorder, ReviewUseCase reviews, BoardData data, TaskForms forms,
              CommentPages comments, SupervisionPages supervision) {
        this.web = web;
        this.supervision = supervision;
        this.reads = reads;
        this.identity = identity;
        this.assignment = assignment;
        this.reorder = reorder;
        this.reviews = reviews;
        this.data = data;
        this.forms = forms;
        this.comments = comments;
    }

    /** The comment pages, whose thread the task page shows. */
    CommentPages commentPages() {
        return comments;
    }

    private Actor caller(Context ctx, Actor person) {
        return identity.onBoard(person, Web.boardId(ctx));
    }

    /** The task named in the path, or (the board's goal form) in the form field {@code task}. */
    private static TaskRef ref(Context ctx) {
        if (ctx.pathParamMap().containsKey("task")) {
            return TaskRef.parse(ctx.pathParam("task"));
        }
        return TaskRef.parse(Web.required(ctx, "task", "A goal"));
    }

    void page(Context ctx) {
        page(ctx, null, "");
    }

    /**
     * Adds or removes a dependency (the rules of {@code PATCH /api/tasks/:id}); a refusal is shown on the task page
     * beside the dependency field, with the API's message and what was typed.
     */
    void dependencies(Context ctx) {
        Actor person = web.personForChange(ctx);
        Actor caller = caller(ctx, person);
        if (!caller.canWrite()) {
            throw new dev.tasklane.domain.error.ForbiddenException("forbidden",
                    "You have read-only access to this board: you cannot change dependencies.");
        }
        String refused = forms.changeDependencies(ctx, caller);
        if (refused == null) {
            web.done(ctx, BoardData.taskHref(caller.board().id().value(),
                    reads.get(caller, ref(ctx)).task()), "Dependencies saved.");
            return;
        }
        ctx.status(422);
        String typed = Web.optional(ctx, "dependency");
        page(ctx, refused, typed == null ? "" : typed);
    }

    private void page(Context ctx, String dependencyError, String dependencyTyped) {
        Actor person = web.person(ctx);
        Actor caller = caller(ctx, person);
        long boardId = caller.board().id().value();
        TaskView view = reads.get(caller, ref(ctx));
        Task task = view.task();
        Map<UserId, User> users = data.members(person, boardId);

        List<Field> facts = new ArrayList<>();
        facts.add(Field.text("Status", Format.label(task.status().code()) + " (" + task.status().columnName() + ")"));
        facts.add(Field.text("Assignee", orDash(BoardData.name(users, task.assignedToId()))));
        if (BoardData.agent(task) != null) {
            facts.add(Field.text("Agent", BoardData.agent(task)));
        }
        if (data.leaseLeft(task) != null) {
            facts.add(Field.text("Lease left", data.leaseLeft(task)));
        }
        facts.add(Field.text("Complexity", Format.label(task.spec().complexity().name().toLowerCase(java.util.Locale.ROOT))));
        facts.add(Field.text("Needs review", task.spec().needsReview() ? "Yes" : "No"));
        if (!task.spec().requiredCapabilities().isEmpty()) {
            facts.add(Field.items("Capabilities", task.spec().requiredCapabilities().stream().map(Format::capability).toList()));
        }
        if (view.blocked()) {
            facts.add(Field.text("Blocked by", TaskIdentifier.join(view.blockedBy())));
        }
        facts.add(Field.text("Created", Format.when(task.insertedAt())
                + (task.createdByAgent() == null ? "" : " by " + task.createdByAgent())));
        facts.add(Field.text("Updated", Format.when(task.updatedAt())));

        Link goal = null;
        List<Link> children = List.of();
        if (task.parentId() != null) {
            TaskView parent = reads.get(caller, new TaskRef.ById(task.parentId()));
            goal = new Link(parent.task().identifier() + " " + parent.task().spec().title(),
                    BoardData.taskHref(boardId, parent.task()), false);
            facts.add(1, new Field("Goal", goal.label(), List.of()));
        }
        if (task.type() == TaskType.GOAL) {
            children = reads.tree(caller, new TaskRef.ById(task.id())).children().stream()
                    .map(c -> link(boardId, c.task())).toList();
        }

        List<Link> dependencies = new ArrayList<>();
        DependencyChain chain = reads.dependencies(caller, new TaskRef.ById(task.id()));
        for (Dependency dependency : chain.dependencies()) {
            if (dependency.depth() == 1) {
                dependencies.add(link(boardId, dependency.task().task()));
            }
        }
        Dependents dependents = reads.dependents(caller, new TaskRef.ById(task.id()));

        boolean done = task.status() == Status.COMPLETED;
        List<Criterion> criteria = task.spec().acceptanceCriteriaLines().stream()
                .map(line -> new Criterion(line.replaceFirst("^[-*]\\s*(\\[[ xX]]\\s*)?", ""), done)).toList();

        List<HistoryRow> history = reads.history(caller, new TaskRef.ById(task.id())).stream()
                .sorted(Comparator.comparing(HistoryEntry::at).reversed())
                .map(entry -> history(entry, users)).toList();

        List<Option> assignees = new ArrayList<>();
        assignees.add(new Option("", "Nobody", task.assignedToId() == null));
        users.values().stream().sorted(Comparator.comparing(User::username)).forEach(u -> assignees.add(
                new Option(Long.toString(u.id().value()), BoardData.name(users, u.id()), u.id().equals(task.assignedToId()))));

        Chrome chrome = web.chrome(ctx, person, task.identifier() + " · " + task.spec().title(), caller.board(), "board");
        web.render(ctx, "task.jte", new TaskPage(chrome, task.identifier().toString(), task.spec().title(),
                task.type().code(), task.priority().code(), task.status().code(), task.status().columnName(),
                facts, task.spec().description(), criteria, SpecFields.of(task.spec()), completion(task.completion()),
                explorer(task.completion()),
                reviewerSummary(task.completion()), verdicts(task.completion()), workflow(task.completion()),
                review(task.review(), users), history, Diffs.files(task.changedFiles()), dependencies,
                dependents.dependents().stream().map(d -> link(boardId, d.task())).toList(), children,
                BoardData.taskHref(boardId, task), caller.canWrite(), task.status() == Status.REVIEW && !task.isArchived(), assignees,
                ArchivePages.tidy(task, caller), comments.thread(ctx, caller, task),
                task.spec().dependencies().stream().map(TaskIdentifier::toString).toList(), dependencyError, dependencyTyped,
                task.type() == TaskType.GOAL && task.status() != Status.COMPLETED && !task.isArchived(),
                supervision.panel(person, caller, task)));
    }

    private static Link link(long boardId, Task task) {
        return new Link(task.identifier() + " " + task.spec().title() + " (" + Format.label(task.status().code()) + ")",
                BoardData.taskHref(boardId, task), false);
    }

    private static String orDash(String value) {
        return value == null || value.isBlank() ? "—" : value;
    }

    private static List<Field> completion(Completion completion) {
        if (completion == null) {
            return List.of();
        }
        List<Field> fields = new ArrayList<>();
        addText(fields, "Summary", completion.report().summary());
        addText(fields, "Notes", completion.report().notes());
        addText(fields, "Completed by", completion.completedByAgent());
        if (completion.report().actualComplexity() != null) {
            fields.add(Field.text("Actual complexity", Format.label(completion.report().actualComplexity().name().toLowerCase(java.util.Locale.ROOT))));
        }
        addText(fields, "Files changed", completion.report().actualFilesChanged());
        if (completion.report().timeSpentMinutes() != null) {
            fields.add(Field.text("Time spent", completion.report().timeSpentMinutes() + " min"));
        }
        addText(fields, "Review report", completion.report().reviewReport());
        if (completion.completedAt() != null) {
            fields.add(Field.text("Done at", Format.when(completion.completedAt())));
        }
        return fields;
    }

    private static void addText(List<Field> fields, String label, String text) {
        if (text != null && !text.isBlank()) {
            fields.add(Field.text(label, text));
        }
    }

    /** One row per field of a result, typed fields first, then the keys no rule names (shown as sent). */
    private static List<Field> result(Map<String, Object> typed, UnknownKeys unknownKeys) {
        List<Field> fields = new ArrayList<>();
        typed.forEach((key, value) -> {
            String text = Format.value(value);
            if (!text.isBlank()) {
                fields.add(Field.text(Format.label(key), text));
            }
        });
        unknownKeys.values().forEach((key, raw) -> fields.add(Field.text(Format.label(key), raw.text())));
        return fields;
    }

    private static List<Field> explorer(Completion completion) {
        ExplorerResult explorer = completion == null ? null : completion.report().explorerResult();
        if (explorer instanceof ExplorerResult.Dispatched ran) {
            return result(typed("dispatched", true, "summary", ran.summary(), "duration_ms", ran.durationMs()),
                    ran.unknownKeys());
        }
        if (explorer instanceof ExplorerResult.Skipped skipped) {
            return result(typed("dispatched", false, "summary", skipped.summary(), "reason", skipped.reason()),
                    skipped.unknownKeys());
        }
        return List.of();
    }

    /** The reviewer's envelope and counts; its verdicts are {@link #verdicts}'s rows. */
    private static List<Field> reviewerSummary(Completion completion) {
        ReviewerResult review = completion == null ? null : completion.report().reviewerResult();
        if (review instanceof ReviewerResult.Skipped skipped) {
            return result(typed("dispatched", false, "summary", skipped.summary(), "reason", skipped.reason()),
                    skipped.unknownKeys());
        }
        if (!(review instanceof ReviewerResult.Dispatched ran)) {
            return List.of();
        }
        Findings findings = ran.findings();
        IssueCounts counts = findings.issueCounts();
        return result(typed("dispatched", true, "summary", ran.summary(), "duration_ms", ran.durationMs(),
                "acceptance_criteria_checked", findings.acceptanceCriteriaChecked(),
                "issues_found", findings.issuesFound(), "status", findings.status(),
                "issue_counts", counts == null ? null : typed("critical", counts.critical(), "important",
                        counts.important(), "minor", counts.minor()),
                "project_checks", findings.projectChecks() == null ? null
                        : findings.projectChecks().stream().map(Verbatim::text).toList(),
                "schema_version", findings.schemaVersion()), ran.unknownKeys());
    }

    private static Map<String, Object> typed(Object... keysAndValues) {
        Map<String, Object> out = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            if (keysAndValues[i + 1] != null) {
                out.put((String) keysAndValues[i], keysAndValues[i + 1]);
            }
        }
        return out;
    }

    /** The reviewer's structured verdicts: acceptance criteria, section verdicts and issues, one row each. */
    static List<VerdictRow> verdicts(Completion completion) {
        if (completion == null || !(completion.report().reviewerResult() instanceof ReviewerResult.Dispatched ran)) {
            return List.of();
        }
        Findings review = ran.findings();
        List<VerdictRow> rows = new ArrayList<>();
        if (review.acceptanceCriteria() != null) {
            for (CriterionCheck criterion : review.acceptanceCriteria()) {
                rows.add(new VerdictRow("Acceptance criterion", text(criterion.criterion()), text(criterion.status()),
                        text(criterion.evidence())));
            }
        }
        for (String section : REVIEW_SECTIONS) {
            if (section.equals("behaviour_test_matrix")) {
                TestMatrix matrix = review.behaviourTestMatrix();
                if (matrix != null) {
                    rows.add(new VerdictRow("Section", Format.label(section), text(matrix.status()),
                            text(matrix.note() != null ? matrix.note() : matrix.notes())));
                }
                continue;
            }
            SectionVerdict verdict = review.section(PartKeys.part(section).orElseThrow());
            if (verdict != null) {
                rows.add(new VerdictRow("Section", Format.label(section), text(verdict.status()), text(verdict.noteText())));
                if (verdict.considerations() != null) {
                    for (Consideration consideration : verdict.considerations()) {
                        rows.add(new VerdictRow("Security consideration", text(consideration.consideration()),
                                text(consideration.status()), text(consideration.note())));
                    }
                }
            }
        }
        if (review.issues() != null) {
            for (Issue issue : review.issues()) {
                Verbatim summary = issue.unknownKeys().values().get("summary");
                String description = issue.description() != null ? issue.description()
                        : summary == null ? "" : summary.text();
                rows.add(new VerdictRow("Issue · " + Format.label(text(issue.category())), description,
                        text(issue.severity()), text(issue.file())));
            }
        }
        return rows;
    }

    private static String text(Object value) {
        return value == null ? "" : Format.value(value);
    }

    /** The workflow steps, one row each: the documented columns, then every key no rule names. */
    private static Table workflow(Completion completion) {
        if (completion == null || completion.report().workflowSteps().isEmpty()) {
            return new Table(List.of(), List.of());
        }
        List<WorkflowStep> steps = completion.report().workflowSteps();
        Set<String> keys = new LinkedHashSet<>(List.of("name", "dispatched", "duration_ms", "reason", "reason_code"));
        steps.forEach(step -> keys.addAll(step.unknownKeys().values().keySet()));
        List<List<String>> rows = new ArrayList<>();
        for (WorkflowStep step : steps) {
            Map<String, Object> typed = typed("name", step.name(), "dispatched", step.dispatched(),
                    "duration_ms", step.durationMs(), "reason", step.reason(), "reason_code", step.reasonCode());
            List<String> row = new ArrayList<>();
            for (String key : keys) {
                Verbatim raw = step.unknownKeys().values().get(key);
                row.add(raw != null ? raw.text() : text(typed.get(key)));
            }
            rows.add(row);
        }
        return new Table(keys.stream().map(Format::label).toList(), rows);
    }

    private static List<Field> review(Review review, Map<UserId, User> users) {
        if (review == null) {
            return List.of();
        }
        List<Field> fields = new ArrayList<>();
        fields.add(Field.text("Decision", Format.label(review.status().code())));
        addText(fields, "Notes", review.notes());
        addText(fields, "Reviewed by", BoardData.name(users, review.reviewedById()));
        if (review.reviewedAt() != null) {
            fields.add(Field.text("Reviewed at", Format.when(review.reviewedAt())));
        }
        return fields;
    }

    private static HistoryRow history(HistoryEntry entry, Map<UserId, User> users) {
        String who = orDash(BoardData.name(users, entry.actorUserId()));
        if (entry.agentName() != null) {
            who = who + " · " + entry.agentName();
        }
        if (entry.facts() instanceof HistoryFacts.Assignment assignment) {
            String details = "from " + orDash(BoardData.name(users, assignment.from()))
                    + " to " + orDash(BoardData.name(users, assignment.to()));
            return new HistoryRow(Format.when(entry.at()), "Assigned", who, details);
        }
        String what = entry.kind().name().toLowerCase(java.util.Locale.ROOT);
        return new HistoryRow(Format.when(entry.at()), Format.label(what), who, facts(entry.facts()));
    }

    /** The facts of a history line as one readable phrase; an empty string when there are none. */
    private static String facts(HistoryFacts facts) {
        if (facts instanceof HistoryFacts.ReclaimedExpired reclaimed) {
            return "Reclaimed expired claim of: " + reclaimed.previousAgent();
        }
        if (facts instanceof HistoryFacts.ClaimExpired expired) {
            return "Expired at: " + expired.expiredAt();
        }
        if (facts instanceof HistoryFacts.DerivedFromChildren) {
            return "Derived from children: true";
        }
        if (facts instanceof HistoryFacts.MarkedDone) {
            return "Bypass: mark_done";
        }
        if (facts instanceof HistoryFacts.Reviewed reviewed) {
            return "Review status: " + reviewed.reviewStatus();
        }
        if (facts instanceof HistoryFacts.AfterGoalReported reported) {
            return "Exit code: " + reported.exitCode();
        }
        if (facts instanceof HistoryFacts.GoalCompleted completed) {
            return "Source: " + completed.source().code();
        }
        return "";
    }

    // ---- actions --------------------------------------------------------------------------------------

    void review(Context ctx) {
        Actor person = web.personForChange(ctx);
        Actor caller = caller(ctx, person);
        String decision = Web.required(ctx, "decision", "A decision");
        if (!Set.of("approved", "changes_requested", "rejected").contains(decision)) {
            throw new InvalidInputException("invalid_review_status",
                    "The decision must be approve, request changes or reject", new ErrorDetails.Field("decision"));
        }
        TaskView reviewed = reviews.review(caller, ref(ctx),
                ReviewDecision.fromCode(decision, Web.optional(ctx, "notes")));
        web.done(ctx, BoardData.taskHref(caller.board().id().value(), reviewed.task()),
                "Recorded: " + Format.label(decision) + " on " + reviewed.task().identifier()
                        + ". The agent is told through the event stream.");
    }

    void markDone(Context ctx) {
        Actor person = web.personForChange(ctx);
        Actor caller = caller(ctx, person);
        TaskView done = reviews.markDone(caller, ref(ctx));
        web.done(ctx, BoardData.taskHref(caller.board().id().value(), done.task()), done.task().identifier() + " is done.");
    }

    /** Moves a Ready task one place up or down within its priority (the board's arrow buttons). */
    void move(Context ctx) {
        Actor person = web.personForChange(ctx);
        Actor caller = caller(ctx, person);
        String direction = Web.required(ctx, "direction", "A direction");
        if (!direction.equals("up") && !direction.equals("down")) {
            throw new InvalidInputException("invalid_param", "Move a task up or down", new ErrorDetails.Field("direction"));
        }
        TaskView moved = reorder.step(caller, ref(ctx), direction.equals("up"));
        web.done(ctx, "/boards/" + caller.board().id().value() + "#card-" + moved.task().identifier(),
                moved.task().identifier() + " moved " + direction + ".");
    }

    void assign(Context ctx) {
        Actor person = web.personForChange(ctx);
        Actor caller = caller(ctx, person);
        String raw = Web.optional(ctx, "assignee");
        UserId assignee;
        try {
            assignee = raw == null ? null : UserId.of(Long.parseLong(raw));
        } catch (NumberFormatException notAnId) {
            throw new InvalidInputException("invalid_param", "Choose the assignee from the list", new ErrorDetails.Field("assignee"));
        }
        TaskView assigned = assignment.assign(caller, ref(ctx), assignee);
        String back = Web.optional(ctx, "back");
        String location = back != null && back.startsWith("/boards/") ? back : BoardData.taskHref(caller.board().id().value(), assigned.task());
        web.done(ctx, location, assigned.task().identifier() + (assignee == null ? " is unassigned."
                : " is assigned." + (assigned.task().type() == TaskType.GOAL ? " Its open tasks follow." : "")));
    }
}
