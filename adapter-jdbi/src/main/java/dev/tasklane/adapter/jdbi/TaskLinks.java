package dev.tasklane.adapter.jdbi;

import dev.tasklane.domain.task.KeyFile;
import dev.tasklane.domain.task.Task;

import java.util.LinkedHashSet;
import java.util.Set;

/** What a task's rows in {@code task_dependencies} and {@code task_key_files} hold: derived from its spec. */
record TaskLinks(Set<String> dependencies, Set<String> keyFiles) {
    static TaskLinks of(Task task) {
        Set<String> files = new LinkedHashSet<>();
        task.spec().keyFiles().stream().map(KeyFile::filePath).forEach(files::add);
        Set<String> dependencies = new LinkedHashSet<>();
        task.spec().dependencies().forEach(dependency -> dependencies.add(dependency.toString()));
        return new TaskLinks(dependencies, files);
    }
}
