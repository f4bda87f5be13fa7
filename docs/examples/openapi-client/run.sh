#!/usr/bin/env bash
# Generates a Java client from a running Tasklane server's OpenAPI document and runs a small agent loop with it
# (create a task, next, claim, complete). Needs the server jar: mvn -DskipTests package in the repository's root.
#
#   docs/examples/openapi-client/run.sh
#
# Starts bootstrap/target/tasklane.jar on a free port over the in-memory store with a bootstrap token, saves its
# GET /api/openapi.json as target/openapi.json, builds this project (openapi-generator generates the client, the
# program runs at verify) and stops the server.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../../.." && pwd)"
jar="$root/bootstrap/target/tasklane.jar"
if [ ! -f "$jar" ]; then
  echo "no $jar: run mvn -DskipTests package in $root first" >&2
  exit 1
fi

port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
token="tasklane_$(od -An -N32 -tx1 /dev/urandom | tr -d ' \n')"
url="http://127.0.0.1:$port"
log="$(mktemp)"

TASKLANE_BOOTSTRAP_TOKEN="$token" java -jar "$jar" --store memory --port "$port" --base-url "$url" >"$log" 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true' EXIT

for _ in $(seq 1 60); do
  if curl -fsS "$url/health" >/dev/null 2>&1; then
    break
  fi
  if ! kill -0 "$server" 2>/dev/null; then
    cat "$log" >&2
    echo "the server did not start" >&2
    exit 1
  fi
  sleep 0.5
done

rm -rf "$here/target"
mkdir -p "$here/target"
curl -fsS "$url/api/openapi.json" -o "$here/target/openapi.json"
mvn -B -ntp -q -f "$here/pom.xml" verify -Dtasklane.url="$url" -Dtasklane.token="$token"
