package dev.tasklane.client;

import dev.tasklane.domain.hook.HookName;
import org.junit.jupiter.api.Test;

import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;

class StrideHooksTest {

    @Test
    void eachSectionRunsTheCommandsOfItsShellBlocksOnly() {
        StrideHooks hooks = StrideHooks.parse("""
                # Stride Configuration

                ## before_doing

                Executes before starting work (blocking, 60s timeout).

                ```bash
                echo "Starting $TASK_IDENTIFIER"
                git pull origin main
                ```

                ```powershell
                Write-Host "Windows only"
                ```

                ## after_doing
                ```
                mvn -q verify
                ```
                Then more prose.
                ```sh
                git diff --stat
                ```
                """);

        assertEquals(Optional.of("echo \"Starting $TASK_IDENTIFIER\"\ngit pull origin main\n"),
                hooks.script(HookName.BEFORE_DOING));
        assertEquals(Optional.of("mvn -q verify\ngit diff --stat\n"), hooks.script(HookName.AFTER_DOING));
    }

    @Test
    void aMissingOrEmptySectionHasNoScript() {
        StrideHooks hooks = StrideHooks.parse("## before_review\n\nNothing to do yet.\n\n## after_review\n```bash\n```\n");

        assertEquals(Optional.empty(), hooks.script(HookName.BEFORE_REVIEW));
        assertEquals(Optional.empty(), hooks.script(HookName.AFTER_REVIEW));
        assertEquals(Optional.empty(), hooks.script(HookName.AFTER_GOAL));
        assertEquals(Optional.empty(), StrideHooks.parse("").script(HookName.BEFORE_DOING));
    }

    @Test
    void anotherLevelTwoHeadingEndsTheSectionButASubheadingDoesNot() {
        StrideHooks hooks = StrideHooks.parse("""
                ## after_goal
                ### Notes
                ```bash
                echo goal
                ```
                ## Troubleshooting
                ```bash
                echo not a hook
                ```
                """);

        assertEquals(Optional.of("echo goal\n"), hooks.script(HookName.AFTER_GOAL));
    }

    @Test
    void aHeadingInsideACodeBlockIsACommandLine() {
        StrideHooks hooks = StrideHooks.parse("## before_doing\n```bash\ncat <<EOF\n## after_doing\nEOF\n```\n");

        assertEquals(Optional.of("cat <<EOF\n## after_doing\nEOF\n"), hooks.script(HookName.BEFORE_DOING));
        assertEquals(Optional.empty(), hooks.script(HookName.AFTER_DOING));
    }

    @Test
    void parsesTheOnboardingTemplateSections() {
        StrideHooks hooks = StrideHooks.parse("## before_doing\n\n```bash\ngit pull --ff-only\n"
                + "mvn -q -DskipTests compile\n```\n## after_goal\n\n```bash\necho \"Goal $GOAL_IDENTIFIER finished\" "
                + ">> CHANGELOG.md\n```\n");

        assertEquals(Optional.of("git pull --ff-only\nmvn -q -DskipTests compile\n"),
                hooks.script(HookName.BEFORE_DOING));
        assertEquals(Optional.of("echo \"Goal $GOAL_IDENTIFIER finished\" >> CHANGELOG.md\n"),
                hooks.script(HookName.AFTER_GOAL));
    }
}
