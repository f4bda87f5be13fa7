package dev.tasklane.simulator;

import dev.tasklane.domain.session.SessionLimits;
import dev.tasklane.domain.wip.WipLimits;

import java.util.Objects;

/**
 * A simulated team and how it works: the people, and the chances and times its work is drawn from. Read from a team
 * file ({@link TeamFile}) and the flags; the field names are those of the file (docs/simulator.md, "Team files").
 *
 * @param name              what the report calls the team
 * @param agents            simulated coding agents
 * @param reviewers         simulated people with reviewer tokens; each reviews one task at a time
 * @param reviewProbability share of generated tasks that need a review (a plan file says so per task instead)
 * @param reworkProbability share of first reviews that request changes (later rounds approve)
 * @param failureRate       share of claims an agent abandons without a word, leaving the lease to expire
 * @param workMinutes       how long an agent works on a task, per round of work
 * @param reviewMinutes     how long a reviewer takes over a task, per round of review, once they start on it
 * @param questionRate      share of claims on which the agent asks a question before it works (0: never)
 * @param answerMinutes     how long a question waits for a person's answer; at most the awaiting-input bound
 *                          ({@link #MAX_ANSWER_MINUTES}), within which the lease is kept
 * @param wipLimit          the board's WIP limit on Doing; null for none
 */
record TeamConfig(String name, int agents, int reviewers, double reviewProbability, double reworkProbability,
                  double failureRate, Distribution workMinutes, Distribution reviewMinutes, double questionRate,
                  Distribution answerMinutes, Integer wipLimit) {
    static final int MAX_AGENTS = 10_000;
    static final int MAX_REVIEWERS = 1_000;
    static final int MAX_NAME = 80;
    static final double DEFAULT_REVIEW_PROBABILITY = 0.1;
    static final double DEFAULT_REWORK_PROBABILITY = 0.2;
    static final double DEFAULT_FAILURE_RATE = 0.02;
    static final Distribution DEFAULT_WORK = new Distribution.Uniform(10, 50);
    static final Distribution DEFAULT_REVIEW = new Distribution.Uniform(10, 30);
    static final double DEFAULT_QUESTION_RATE = 0;
    static final Distribution DEFAULT_ANSWER = new Distribution.Uniform(10, 120);
    /**
     * The longest a question may wait for its answer: one step of the clock less than the server's awaiting-input bound
     * (8 hours), within which a question keeps the lease; the sweep at the bound itself would release the claim first.
     */
    static final int MAX_ANSWER_MINUTES = (int) SessionLimits.DEFAULT_AWAITING_INPUT_MAX.minus(SimulationConfig.STEP).toMinutes();

    TeamConfig {
        Objects.requireNonNull(name, "name");
        if (name.isBlank() || name.length() > MAX_NAME) {
            throw new TeamConfigException("name", "must be 1 to " + MAX_NAME + " characters, got " + name.length());
        }
        requireCount("agents", agents, MAX_AGENTS);
        requireCount("reviewers", reviewers, MAX_REVIEWERS);
        requireShare("review_probability", reviewProbability);
        requireShare("rework_probability", reworkProbability);
        requireShare("failure_rate", failureRate);
        Objects.requireNonNull(workMinutes, "workMinutes");
        Objects.requireNonNull(reviewMinutes, "reviewMinutes");
        requireShare("question_rate", questionRate);
        Objects.requireNonNull(answerMinutes, "answerMinutes");
        if (answerMinutes.longest() > MAX_ANSWER_MINUTES) {
            throw new TeamConfigException("answer_minutes", "must give at most " + MAX_ANSWER_MINUTES
                    + " minutes (a question keeps the lease for 8 hours at most), got up to " + answerMinutes.longest());
        }
        if (wipLimit != null) {
            requireCount("wip_limit", wipLimit, WipLimits.MAX_DOING);
        }
    }

    /** A team that asks no questions, on a board without a WIP limit. */
    TeamConfig(String name, int agents, int reviewers, double reviewProbability, double reworkProbability,
               double failureRate, Distribution workMinutes, Distribution reviewMinutes) {
        this(name, agents, reviewers, reviewProbability, reworkProbability, failureRate, workMinutes, reviewMinutes,
                DEFAULT_QUESTION_RATE, DEFAULT_ANSWER, null);
    }

    /** One reviewer per eight agents, at least one. */
    static int reviewersFor(int agents) {
        return Math.max(1, agents / 8);
    }

    private static void requireCount(String field, int value, int max) {
        if (value < 1 || value > max) {
            throw new TeamConfigException(field, "must be a whole number from 1 to " + max + ", got " + value);
        }
    }

    private static void requireShare(String field, double value) {
        if (!(value >= 0 && value <= 1)) {
            throw new TeamConfigException(field, "must be a number from 0 to 1, got " + value);
        }
    }

    /**
     * A team as far as one source (a file, the flags) gives it: null for a field it leaves out. {@link #over}
     * lays one source over another; {@link #build} fills what is still missing with the defaults.
     */
    record Draft(String name, Integer agents, Integer reviewers, Double reviewProbability, Double reworkProbability,
                 Double failureRate, Distribution workMinutes, Distribution reviewMinutes, Double questionRate,
                 Distribution answerMinutes, Integer wipLimit) {
        static final Draft EMPTY = new Draft(null, null, null, null, null, null, null, null, null, null, null);

        /** This draft's fields, and {@code base}'s where this one has none. */
        Draft over(Draft base) {
            return new Draft(first(name, base.name), first(agents, base.agents), first(reviewers, base.reviewers),
                    first(reviewProbability, base.reviewProbability), first(reworkProbability, base.reworkProbability),
                    first(failureRate, base.failureRate), first(workMinutes, base.workMinutes),
                    first(reviewMinutes, base.reviewMinutes), first(questionRate, base.questionRate),
                    first(answerMinutes, base.answerMinutes), first(wipLimit, base.wipLimit));
        }

        /** The team, with the defaults for what no source gave; {@code fallbackName} when none named it. */
        TeamConfig build(String fallbackName) {
            int agentCount = agents == null ? 8 : agents;
            return new TeamConfig(name == null ? fallbackName : name, agentCount,
                    reviewers == null ? reviewersFor(agentCount) : reviewers,
                    reviewProbability == null ? DEFAULT_REVIEW_PROBABILITY : reviewProbability,
                    reworkProbability == null ? DEFAULT_REWORK_PROBABILITY : reworkProbability,
                    failureRate == null ? DEFAULT_FAILURE_RATE : failureRate,
                    workMinutes == null ? DEFAULT_WORK : workMinutes, reviewMinutes == null ? DEFAULT_REVIEW : reviewMinutes,
                    questionRate == null ? DEFAULT_QUESTION_RATE : questionRate,
                    answerMinutes == null ? DEFAULT_ANSWER : answerMinutes, wipLimit);
        }

        private static <T> T first(T value, T fallback) {
            return value != null ? value : fallback;
        }
    }
}
