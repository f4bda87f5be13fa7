package dev.tasklane.domain.flow;

import dev.tasklane.domain.flow.TaskFlow.MoveCount;

import dev.tasklane.domain.error.ErrorDetails;
import dev.tasklane.domain.error.InvalidInputException;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The days the flow figures cover: whole days, first to last inclusive, cut in a time zone (docs/rules.md,
 * "Flow metrics"). {@link #previous()} is the window of the same length just before, for the change.
 *
 * @param first the first day
 * @param last  the last day (inclusive)
 * @param zone  where days are cut
 */
public record FlowWindow(LocalDate first, LocalDate last, ZoneId zone) {
    /** The longest window, in days. */
    public static final int MAX_DAYS = 366;
    /** The window when the request names none. */
    public static final int DEFAULT_DAYS = 14;
    /** The windows the pages offer. */
    public static final List<Integer> OFFERED_DAYS = List.of(7, 14, 30, 90);
    /** The cap on a time-zone name. */
    public static final int MAX_ZONE = 64;

    /** Where days are cut unless the request says otherwise. */
    public static final ZoneId UTC = ZoneId.of("UTC");

    private static final Pattern DAYS = Pattern.compile("([0-9]{1,4})d");

    public FlowWindow {
        Objects.requireNonNull(first, "first");
        Objects.requireNonNull(last, "last");
        Objects.requireNonNull(zone, "zone");
        if (first.isAfter(last)) {
            throw invalid("from", "must not be after to (" + first + " > " + last + ")");
        }
        long days = ChronoUnit.DAYS.between(first, last) + 1;
        if (days > MAX_DAYS) {
            throw invalid("to", "makes a window of " + days + " days; at most " + MAX_DAYS);
        }
    }

    /** The {@code days} days ending with today in {@code zone}. */
    public static FlowWindow lastDays(int days, Instant now, ZoneId zone) {
        if (days < 1 || days > MAX_DAYS) {
            throw invalid("window", "must be 1 to " + MAX_DAYS + " days, like 14d; got " + days + "d");
        }
        LocalDate today = LocalDate.ofInstant(now, zone);
        return new FlowWindow(today.minusDays(days - 1L), today, zone);
    }

    /**
     * The window a request asks for: {@code window} ("14d", the default) or {@code from} and {@code to} (ISO dates,
     * both inclusive), days cut in {@code tz} (UTC by default). A bad value is refused with 422
     * {@code invalid_param} naming the parameter and saying what is accepted.
     */
    public static FlowWindow parse(String window, String from, String to, String tz, Instant now) {
        ZoneId zone = zone(tz);
        boolean dates = present(from) || present(to);
        if (dates) {
            if (present(window)) {
                throw invalid("window", "cannot be combined with from and to: give a window like 14d, or from and to");
            }
            if (!present(from)) {
                throw invalid("from", "is required with to (an ISO date like 2026-01-31)");
            }
            if (!present(to)) {
                throw invalid("to", "is required with from (an ISO date like 2026-01-31)");
            }
            return new FlowWindow(date("from", from), date("to", to), zone);
        }
        if (!present(window)) {
            return lastDays(DEFAULT_DAYS, now, zone);
        }
        Matcher days = DAYS.matcher(window.trim());
        if (!days.matches()) {
            throw invalid("window", "must be a number of days like 7d, 14d, 30d or 90d (1 to " + MAX_DAYS + ")");
        }
        return lastDays(Integer.parseInt(days.group(1)), now, zone);
    }

    /** A time zone by its IANA name ("Europe/Paris") or offset ("+02:00"); UTC when blank. */
    public static ZoneId zone(String tz) {
        if (!present(tz)) {
            return UTC;
        }
        if (tz.length() > MAX_ZONE) {
            throw invalid("tz", "is longer than " + MAX_ZONE + " characters");
        }
        ZoneId zone;
        try {
            zone = ZoneId.of(tz.trim());
        } catch (DateTimeException unknown) {
            throw invalid("tz", "is not a known time zone: give an IANA name like Europe/Paris, or UTC");
        }
        long bucket = MoveCount.BUCKET.getSeconds();
        if (zone.getRules().getOffset(Instant.now()).getTotalSeconds() % bucket != 0) {
            throw invalid("tz", "has an offset that is not a whole number of quarter hours");
        }
        return zone;
    }

    private static LocalDate date(String name, String value) {
        if (value.length() > 10) {
            throw invalid(name, "must be an ISO date like 2026-01-31");
        }
        try {
            return LocalDate.parse(value.trim());
        } catch (DateTimeParseException malformed) {
            throw invalid(name, "must be an ISO date like 2026-01-31");
        }
    }

    private static boolean present(String value) {
        return value != null && !value.isBlank();
    }

    static InvalidInputException invalid(String parameter, String message) {
        return new InvalidInputException("invalid_param", parameter + " " + message, new ErrorDetails.Field(parameter));
    }

    /** How many days it covers. */
    public int length() {
        return (int) (ChronoUnit.DAYS.between(first, last) + 1);
    }

    /** The window of the same length that ends the day before this one starts. */
    public FlowWindow previous() {
        return new FlowWindow(first.minusDays(length()), first.minusDays(1), zone);
    }

    /** The instant the first day starts. */
    public Instant start() {
        return first.atStartOfDay(zone).toInstant();
    }

    /** The instant after the last day ends (exclusive). */
    public Instant end() {
        return dayEnd(last);
    }

    /** The instant {@code day} ends (the next day's start, exclusive). */
    public Instant dayEnd(LocalDate day) {
        return day.plusDays(1).atStartOfDay(zone).toInstant();
    }

    /** Whether {@code at} falls inside the window. */
    public boolean contains(Instant at) {
        return !at.isBefore(start()) && at.isBefore(end());
    }

    /** Every day, first to last. */
    public List<LocalDate> days() {
        List<LocalDate> days = new ArrayList<>(length());
        for (LocalDate day = first; !day.isAfter(last); day = day.plusDays(1)) {
            days.add(day);
        }
        return days;
    }

    /** The day {@code at} falls in, in this window's zone. */
    public LocalDate dayOf(Instant at) {
        return LocalDate.ofInstant(at, zone);
    }
}
