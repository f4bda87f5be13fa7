package dev.tasklane.application.port.in;

/**
 * Every inbound port of the application, as one handle for driving adapters (HTTP, CLI, simulations):
 * they depend on this interface, never on the services behind it.
 */
public interface UseCases {
    CreateTaskUseCase create();

    BatchCreateUseCase batch();

    UpdateTaskUseCase update();

    NextTaskUseCase next();

    ClaimTaskUseCase claims();

    LeaseUseCase leases();

    CompleteTaskUseCase completion();

    ChangedFilesUseCase changedFiles();

    ReviewUseCase reviews();

    AssignTaskUseCase assignment();

    ReadTasksUseCase reads();

    AfterGoalUseCase afterGoal();

    MaintenanceUseCase maintenance();

    EventStreamUseCase events();

    IdentityUseCase identity();

    OnboardingUseCase onboarding();

    /** Password sign-in and web sessions for people. */
    SignInUseCase signIn();

    /** What a signed-in person manages: boards, users, members, tokens. */
    PeopleUseCase people();

    /** Whether the store answers; for /health. */
    Health health();

    record Health(boolean storeReachable, String store) {
    }
}
