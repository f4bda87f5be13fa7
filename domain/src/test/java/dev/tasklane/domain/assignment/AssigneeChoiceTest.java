package dev.tasklane.domain.assignment;

import org.junit.jupiter.api.Test;

import static dev.tasklane.domain.testing.TaskFixtures.ALICE;
import static dev.tasklane.domain.testing.TaskFixtures.BOB;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

class AssigneeChoiceTest {
    @Test
    void inheritTakesTheGoalsAssignee() {
        assertEquals(ALICE, AssigneeChoice.INHERIT.resolve(ALICE));
    }

    @Test
    void inheritUnderAnUnassignedGoalOrNoGoalIsUnassigned() {
        assertNull(AssigneeChoice.INHERIT.resolve(null));
    }

    @Test
    void anExplicitUserWins() {
        assertEquals(BOB, new AssigneeChoice.Explicit(BOB).resolve(ALICE));
        assertEquals(BOB, new AssigneeChoice.Explicit(BOB).resolve(null));
    }

    @Test
    void anExplicitNullWinsOverAnAssignedGoal() {
        assertNull(new AssigneeChoice.Explicit(null).resolve(ALICE));
    }
}
