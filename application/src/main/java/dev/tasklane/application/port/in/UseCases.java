package dev.tasklane.application.port.in;

/**
 * Every inbound port of the application, as one handle: what bootstrap and embedding programs pass to a driving
 * adapter's entry point (the HTTP API's {@code HttpApi}, the web interface's {@code WebUi}), which hands each route
 * or page only the ports it calls. Adapters depend on these interfaces, never on the services behind them.
 */
public interface UseCases {
    CreateTaskUseCase create();

    BatchCreateUseCase batch();

    UpdateTaskUseCase update();

    /** Agent sessions: activities, questions and answers, stops. */
    SessionUseCase sessions();

    NextTaskUseCase next();

    ClaimTaskUseCase claims();

    LeaseUseCase leases();

    CompleteTaskUseCase completion();

    ChangedFilesUseCase changedFiles();

    ReviewUseCase reviews();

    AssignTaskUseCase assignment();

    ArchiveUseCase archives();

    /** Ordering the Ready column. */
    ReorderUseCase reorder();

    /** Comments on tasks. */
    CommentsUseCase comments();

    /** A board's name and WIP limits. */
    BoardSettingsUseCase boardSettings();

    ReadTasksUseCase reads();

    AfterGoalUseCase afterGoal();

    MaintenanceUseCase maintenance();

    EventStreamUseCase events();

    /** How the work flows: the flow figures and the agents' states (docs/rules.md, "Flow metrics"). */
    FlowMetricsUseCase flow();

    /** Who is calling, and the users, boards, members and tokens they manage, for tokens and sessions alike. */
    IdentityUseCase identity();

    /** The limits and the completion validation mode the use cases enforce, for the edges that publish them. */
    WorkflowSettings workflowSettings();

    /** Password sign-in and web sessions for people. */
    SignInUseCase signIn();

    IdempotencyUseCase idempotency();

    /** A board's outbound webhooks (docs/api.md, "Webhooks"). */
    WebhooksUseCase webhooks();

    /** GitHub issues that become tasks (docs/api.md, "GitHub issues"). */
    GithubUseCase github();

    /** The audit log, for server and board admins (docs/api.md, "Audit log"). */
    AuditUseCase audit();

    /** Delivery targets of a board, with their progress (docs/rules.md, "Targets"). */
    TargetsUseCase targets();

    /** When a target will be done: its forecast (docs/forecasting.md). */
    TargetForecastUseCase targetForecasts();

    /** Whether the store answers (readiness) and its name (liveness). */
    HealthUseCase health();
}
