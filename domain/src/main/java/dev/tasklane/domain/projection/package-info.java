/** Which keys of a task's answer a caller may ask for ({@code fields=}), and why a request is refused. */
package dev.tasklane.domain.projection;
