package dev.tasklane.adapter.web.view;

import java.util.List;

/**
 * The audit log page (/admin/audit): the filters as entered, the choices of the selects, one page of entries newest
 * first, and the link to the older entries (null on the last page).
 */
public record AuditPage(Chrome chrome, List<Option> actions, List<Option> boards, boolean anyBoard, String username,
                        String objectType, String objectId, String since, String until, List<AuditRow> rows,
                        String olderHref) {
    public AuditPage {
        actions = List.copyOf(actions);
        boards = List.copyOf(boards);
        rows = List.copyOf(rows);
    }

    /**
     * One entry as the page shows it.
     *
     * @param refused whether the act was refused ({@code code} then says why)
     */
    public record AuditRow(long id, String at, String action, String who, String credential, String board,
                           String object, String address, boolean refused, String code, String detail) {
    }
}
