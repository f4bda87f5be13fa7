package dev.tasklane.domain.session;

import java.util.Arrays;
import java.util.Optional;

/**
 * The kinds of activity. The holder of the claim posts {@link #THOUGHT}, {@link #ACTION}, {@link #PROGRESS},
 * {@link #ERROR} and {@link #QUESTION}; a person with authority over the board posts {@link #ANSWER} and
 * {@link #INSTRUCTION}; {@link #STOP} is written by the stop itself, so that an agent waiting on its session
 * learns of it at once.
 */
public enum ActivityKind {
    THOUGHT("thought", Poster.HOLDER),
    ACTION("action", Poster.HOLDER),
    PROGRESS("progress", Poster.HOLDER),
    ERROR("error", Poster.HOLDER),
    QUESTION("question", Poster.HOLDER),
    ANSWER("answer", Poster.SUPERVISOR),
    INSTRUCTION("instruction", Poster.SUPERVISOR),
    STOP("stop", Poster.SERVER);

    /** Who may post an activity of a kind. */
    public enum Poster {
        /** The agent holding the claim, with its claim_token. */
        HOLDER,
        /** A person with authority over the board ({@code tasks:review}). */
        SUPERVISOR,
        /** Nobody: the server writes it. */
        SERVER
    }

    private final String wire;
    private final Poster poster;

    ActivityKind(String wire, Poster poster) {
        this.wire = wire;
        this.poster = poster;
    }

    public String wire() {
        return wire;
    }

    public Poster poster() {
        return poster;
    }

    public static Optional<ActivityKind> ofWire(String wire) {
        return Arrays.stream(values()).filter(kind -> kind.wire.equals(wire)).findFirst();
    }

    /** The wire names of the kinds a poster may send, for refusals that list them. */
    public static String wiresOf(Poster poster) {
        return String.join(", ", Arrays.stream(values()).filter(k -> k.poster == poster).map(ActivityKind::wire).toList());
    }
}
