#!/usr/bin/env bash
# Tasklane benchmarks: the whole set in one go, under ten minutes on a 2-core machine.
#
#   bench/run.sh                 # full run: writes bench/results.json, docs/benchmarks.md, docs/benchmarks-throughput.svg
#   bench/run.sh --quick         # smoke run with small sizes and short windows (about two minutes)
#   bench/run.sh --seconds 5     # measured seconds per throughput level (default 8)
#   bench/run.sh --warmup 5      # unmeasured seconds before each level, Tasklane's and the bare loop's (default 2)
#   bench/run.sh --sim-tasks N   # tasks of the simulation (default 1000000)
#   bench/run.sh --only worst,board   # only the worst request bodies and the 2,000-task web board, merged into bench/results.json
#   bench/run.sh --only startup       # only the start-up on H2 (fresh and existing data directory), merged likewise
#   bench/run.sh --only claims        # only the claim throughput at 1, 8 and 32 agents with its baselines, merged likewise
#   bench/run.sh --only sim           # only the million-task simulation (sim_cycles_per_s, sim_setup_s, ...), merged likewise
#   bench/run.sh --only warm          # only the warm-up curves of each way to start the server (JDK 17, CDS, C1, JDK 25, AOT)
#   bench/run.sh --only metrics       # only the flow metrics of 100,000 finished tasks (metrics_100k_ms_memory, _pg, ratios), merged likewise
#   bench/run.sh --only supervision   # only the supervision latencies, merged likewise: a person's stop (POST /api/tasks/:id/stop,
#                                     # sent when the web's undo window has passed; the window is not counted) to the last process
#                                     # of tasklane agent's work command gone (stop_to_gone_ms_*), and a person's answer to the
#                                     # return of the agent's waiting call (answer_to_return_ms_*), on PostgreSQL and H2 (_h2)
#   bench/run.sh --only forecast      # only the forecast of a 500-task target x 1,000 runs (forecast_500x1000_s, p50 of 5, and its memory)
#   java -jar benchmarks/target/tasklane-benchmarks.jar --rewrite   # rewrite docs/benchmarks.md and the chart from bench/results.json
#
# PostgreSQL: with TASKLANE_BENCH_PG_URL (and TASKLANE_BENCH_PG_USER, TASKLANE_BENCH_PG_PASSWORD) set, that
# database is used; otherwise PostgreSQL is installed and started as .ci/run does, and a database
# tasklane_bench is created for role tasklane. THE BENCH DROPS AND RECREATES THE PUBLIC SCHEMA of the
# database it is given: never point it at a database that holds anything you want to keep.
#
# Builds with the Maven reactor (package, tests skipped; never install), then runs
# benchmarks/target/tasklane-benchmarks.jar (dev.tasklane.bench.BenchRun), which starts the server jar
# bootstrap/target/tasklane.jar as separate processes on loopback ports. Logs: bench/target/.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
started=$(date +%s)

log() {
  printf '==> %s\n' "$*"
}

if [ -z "${TASKLANE_BENCH_PG_URL:-}" ]; then
  # Reuse .ci/run's PostgreSQL set-up (install, start, role tasklane) without running its Maven build.
  # shellcheck source=/dev/null
  source <(sed -e '/^cd /d' -e '/^ensure_toolchain$/,$d' .ci/run)
  ensure_toolchain
  start_postgres
  port="$(printf '%s' "$TASKLANE_TEST_PG_URL" | sed -n 's#.*://[^:/]*:\([0-9]*\)/.*#\1#p')"
  if ! as_postgres psql -p "$port" -d postgres -tAc "SELECT 1 FROM pg_database WHERE datname = 'tasklane_bench'" | grep -x 1 >/dev/null; then
    as_postgres createdb -p "$port" -O tasklane tasklane_bench
  fi
  # The warm-up curves checkpoint before each start (PostgreSQL 15's pg_checkpoint role; older ones skip it).
  as_postgres psql -p "$port" -d postgres -qc "GRANT pg_checkpoint TO tasklane" >/dev/null 2>&1 || true
  export TASKLANE_BENCH_PG_URL="jdbc:postgresql://localhost:${port}/tasklane_bench"
  export TASKLANE_BENCH_PG_USER=tasklane
  export TASKLANE_BENCH_PG_PASSWORD=tasklane
fi
log "PostgreSQL for the bench: $TASKLANE_BENCH_PG_URL"

# A JDK 25 or later (Temurin's, where the machine has it): the build trains the AOT cache bin/tasklane uses on it, and
# the warm-up figures start the server on it (TASKLANE_BENCH_JAVA25 set beforehand picks another).
if [ -z "${TASKLANE_BENCH_JAVA25:-}" ]; then
  for candidate in /usr/lib/jvm/temurin-25-jdk-* /opt/java/temurin-25* /usr/lib/jvm/jdk-25*; do
    if [ -x "$candidate/bin/java" ]; then
      export TASKLANE_BENCH_JAVA25="$candidate"
      break
    fi
  done
fi
aot=()
if [ -n "${TASKLANE_BENCH_JAVA25:-}" ]; then
  log "JDK 25 for the AOT cache and the warm-up figures: $TASKLANE_BENCH_JAVA25"
  aot=("-Dtasklane.aot.java=$TASKLANE_BENCH_JAVA25/bin/java")
fi

log "building the server jar and the benchmarks jar (mvn package, tests skipped)"
mvn -B -ntp -q -Pbench -pl bootstrap,benchmarks -am package -DskipTests ${aot[@]+"${aot[@]}"}

log "running the benchmarks"
java -Xmx4g -jar benchmarks/target/tasklane-benchmarks.jar --root . "$@"

log "done in $(( $(date +%s) - started )) s: bench/results.json, docs/benchmarks.md, docs/benchmarks-throughput.svg"
