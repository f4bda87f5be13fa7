package dev.tasklane.domain.github;

/**
 * What an {@code issues} event does to its task, given whether the issue has one and whether it is archived:
 * <ul>
 *   <li>{@code opened} with the connection's label, or {@code labeled} with it, and no task yet: create one in Ready;</li>
 *   <li>{@code edited} (or {@code labeled}/{@code unlabeled}) with a task: update its title, description, priority
 *       and capabilities;</li>
 *   <li>{@code closed} with an open task: archive it;</li>
 *   <li>{@code reopened} with an archived task: restore it;</li>
 *   <li>anything else, or another repository's issue: nothing, with the reason.</li>
 * </ul>
 */
public final class IssueRule {
    private IssueRule() {
    }

    /** What the rule decides. */
    public enum Act { CREATE, UPDATE, ARCHIVE, RESTORE, IGNORE }

    /** The decision and, when ignored, why. */
    public record Decision(Act act, String reason) {
        static Decision of(Act act) {
            return new Decision(act, null);
        }

        static Decision ignore(String reason) {
            return new Decision(Act.IGNORE, reason);
        }
    }

    /**
     * @param linked   whether the issue already has its task
     * @param archived whether that task is archived
     */
    public static Decision decide(GithubConnection connection, IssueEvent event, boolean linked, boolean archived) {
        if (!connection.repository().equalsIgnoreCase(event.repository())) {
            return Decision.ignore("the issue is of " + event.repository() + ", not of " + connection.repository());
        }
        String action = event.action() == null ? "" : event.action();
        switch (action) {
            case "opened", "labeled" -> {
                if (!linked) {
                    return connection.labelled(event.labels()) ? Decision.of(Act.CREATE)
                            : Decision.ignore("the issue has no label " + connection.label());
                }
                return action.equals("labeled") ? Decision.of(Act.UPDATE) : Decision.ignore("the issue has its task");
            }
            case "edited", "unlabeled" -> {
                return linked ? Decision.of(Act.UPDATE) : Decision.ignore("the issue has no task");
            }
            case "closed" -> {
                return linked && !archived ? Decision.of(Act.ARCHIVE)
                        : Decision.ignore(linked ? "its task is archived" : "the issue has no task");
            }
            case "reopened" -> {
                return linked && archived ? Decision.of(Act.RESTORE)
                        : Decision.ignore(linked ? "its task is open" : "the issue has no task");
            }
            default -> {
                return Decision.ignore("action " + action + " changes no task");
            }
        }
    }
}
