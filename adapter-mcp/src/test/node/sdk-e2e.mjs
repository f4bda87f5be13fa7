// The official MCP TypeScript SDK's client against a running Tasklane server's /mcp: the tool-call scenario of
// ../resources/scenario/tool-calls.json (each tool answered and refused, the loop to Done through a person's review, a
// goal's after_goal, two agents racing for a task), then generated calls from a printed seed, on each revision served.
// The client validates every structuredContent against its tool's outputSchema (Client.callTool) and throws when
// one does not match, so any exception it throws fails the run; so does any answer other than the step expects.
//
//   node sdk-e2e.mjs <server-url> <token-env-variable> [seed]
//
// The bootstrap (admin) token is read from the named environment variable. Each revision's run makes its own board
// and mints its tokens there. A 429 (the per-token call limit) is waited out as its Retry-After says, as a client
// should, and counted. Exit code 0 when every check passed; the last line is "N passed, N failed".
import { readFileSync } from 'node:fs';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

const REVISIONS = ['2025-03-26', '2025-06-18', '2025-11-25'];
const GENERATED_PER_REVISION = 60;

const [serverUrl, tokenVariable, seedArgument] = process.argv.slice(2);
const adminToken = process.env[tokenVariable ?? ''];
if (!serverUrl || !adminToken) {
  console.error('usage: node sdk-e2e.mjs <server-url> <token-env-variable> [seed] (the variable set)');
  process.exit(2);
}
if (!['127.0.0.1', 'localhost', '[::1]'].includes(new URL(serverUrl).hostname)) {
  console.error(`sdk-e2e runs against a loopback server only, not ${serverUrl}`);
  process.exit(2);
}
const scenario = JSON.parse(readFileSync(new URL('../resources/scenario/tool-calls.json', import.meta.url), 'utf8'));
const seed = Number(seedArgument ?? Date.now() % 1_000_000_007);

let passed = 0;
let failed = 0;
let waitedOut429 = 0;
const failures = [];
function check(ok, what) {
  if (ok) {
    passed++;
  } else {
    failed++;
    failures.push(what);
    console.error(`FAILED: ${what}`);
  }
}

// A small seeded generator (mulberry32), so a run is replayed with its seed.
function generator(start) {
  let state = start >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** fetch that asks for `revision` in initialize (the SDK asks for its latest) and waits out 429s. */
function fetchSpeaking(revision) {
  return async (url, init) => {
    let request = init;
    if (typeof init?.body === 'string' && init.body.includes('"initialize"')) {
      const message = JSON.parse(init.body);
      if (message.method === 'initialize') {
        message.params.protocolVersion = revision;
        request = { ...init, body: JSON.stringify(message) };
      }
    }
    for (let attempt = 0; ; attempt++) {
      const response = await fetch(url, request);
      if (response.status !== 429 || attempt >= 20) {
        return response;
      }
      const retryAfter = Number(response.headers.get('retry-after'));
      check(Number.isInteger(retryAfter) && retryAfter >= 1, `a 429 carries Retry-After in whole seconds (${retryAfter})`);
      waitedOut429++;
      await new Promise((resolve) => setTimeout(resolve, Math.max(1, retryAfter || 1) * 1000));
    }
  };
}

async function connect(token, revision) {
  const client = new Client({ name: 'tasklane-sdk-e2e', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL('/mcp', serverUrl), {
    requestInit: { headers: { Authorization: `Bearer ${token}` } },
    fetch: fetchSpeaking(revision),
  });
  await client.connect(transport);
  check(transport.protocolVersion === revision, `${revision}: the server answered initialize with ${transport.protocolVersion}`);
  const { tools } = await client.listTools(); // caches each tool's output-schema validator, as an agent's client does
  return { client, tools };
}

async function api(method, path, body, token) {
  const response = await fetch(new URL(path, serverUrl), {
    method,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

function at(tree, path) {
  return path.split('.').reduce((here, part) => (here == null ? undefined : here[part]), tree);
}

function resolver(saved, examples) {
  const resolve = (value) => {
    if (typeof value === 'string' && /^\$\{[^}]+\}$/.test(value)) {
      const name = value.slice(2, -1);
      if (!(name in saved)) throw new Error(`nothing saved as ${name}`);
      return saved[name];
    }
    if (typeof value === 'string') {
      return value.replace(/\$\{([^}]+)\}/g, (_, name) => String(saved[name]));
    }
    if (Array.isArray(value)) return value.map(resolve);
    if (value && typeof value === 'object') {
      if (Array.isArray(value.$repeat)) return String(value.$repeat[0]).repeat(value.$repeat[1]);
      const out = value.$example ? structuredClone(examples[value.$example]) : {};
      if (value.$example && out === undefined) throw new Error(`no example ${value.$example}`);
      for (const [key, item] of Object.entries(value)) {
        if (key !== '$example') out[key] = resolve(item);
      }
      return out;
    }
    return value;
  };
  return resolve;
}

/**
 * Calls a tool through the SDK's client. Answers {kind: 'ok' | 'refused' | 'rpc_error' | 'exception', answer, error}:
 * 'exception' is anything the client threw that is not the server's JSON-RPC error for an unknown tool.
 */
async function callTool(client, tool, args, expectRpcError) {
  try {
    const result = await client.callTool({ name: tool, arguments: args });
    const text = result.content?.[0]?.type === 'text' ? result.content[0].text : undefined;
    const answer = result.structuredContent ?? (text === undefined ? undefined : JSON.parse(text));
    if (result.isError) {
      return { kind: 'refused', answer, result };
    }
    return { kind: 'ok', answer, result };
  } catch (error) {
    if (expectRpcError && error?.code === -32602 && /^MCP error -32602: Unknown tool/.test(error.message)) {
      return { kind: 'rpc_error', error };
    }
    return { kind: 'exception', error };
  }
}

function describe(outcome) {
  if (outcome.kind === 'exception') return `a client-side exception: ${outcome.error?.message ?? outcome.error}`;
  if (outcome.kind === 'rpc_error') return `a JSON-RPC error: ${outcome.error.message}`;
  if (outcome.kind === 'refused') return `refused ${outcome.answer?.status}: ${JSON.stringify(outcome.answer).slice(0, 300)}`;
  return 'answered';
}

function checkShape(name, revision, tools, tool, outcome) {
  if (outcome.kind === 'refused') {
    const body = outcome.answer;
    check(outcome.result.structuredContent === undefined, `${name}: a refusal carries no structuredContent`);
    check(Number.isInteger(body?.status) && body.status >= 400 && (typeof body.error === 'string' || typeof body.errors === 'object'),
      `${name}: a refusal's text is the API's error body with its status (${JSON.stringify(body).slice(0, 200)})`);
  }
  if (outcome.kind === 'ok') {
    const declared = tools.find((entry) => entry.name === tool)?.outputSchema;
    if (revision === '2025-03-26') {
      check(outcome.result.structuredContent === undefined && declared === undefined, `${name}: no structured content in 2025-03-26`);
    } else {
      check(declared !== undefined && outcome.result.structuredContent !== undefined, `${name}: an answer with its structured content`);
    }
  }
}

async function runScenario(revision) {
  const board = `SDK e2e ${revision} ${seed}`;
  const created = await api('POST', '/api/boards', { name: board }, adminToken);
  check(created.status === 201 || created.status === 200, `${revision}: board created (${created.status})`);
  const tokens = { admin: adminToken };
  for (const [name, spec] of Object.entries(scenario.tokens)) {
    const minted = await api('POST', '/api/tokens', { ...spec, name: `sdk e2e ${name}`, board }, adminToken);
    tokens[name] = minted.body?.data?.token;
    check(typeof tokens[name] === 'string', `${revision}: token ${name} minted (${minted.status})`);
  }
  const sessions = {};
  const session = async (who) => (sessions[who] ??= await connect(tokens[who], revision));
  const { client } = await session('agent');
  const onboarding = JSON.parse((await client.readResource({ uri: 'tasklane://onboarding' })).contents[0].text);
  const examples = Object.fromEntries(Object.entries(onboarding.json_schemas).map(([name, schema]) => [name, schema.examples[0]]));
  const saved = {};
  const resolve = resolver(saved, examples);
  const seen = {};

  for (const step of scenario.steps) {
    const name = `${revision} / ${step.name}`;
    if (step.api) {
      const call = resolve(step.api);
      const answer = await api(call.method, call.path, call.body, tokens[step.as ?? 'agent']);
      check(answer.status === step.expect, `${name}: the API answered ${answer.status}`);
      continue;
    }
    const args = resolve(step.args);
    if (step.race) {
      const racers = await Promise.all(step.race.map((who) => session(who)));
      const outcomes = await Promise.all(racers.map(({ client: racer }) => callTool(racer, step.tool, args, false)));
      outcomes.forEach((outcome) => check(outcome.kind === 'ok' || outcome.kind === 'refused', `${name}: ${describe(outcome)}`));
      check(outcomes.filter((outcome) => outcome.kind === 'ok').length === 1, `${name}: exactly one racer won`);
      outcomes.filter((outcome) => outcome.kind === 'refused')
        .forEach((outcome) => check(outcome.answer?.status === step.race_refused, `${name}: the loser is refused ${step.race_refused}`));
      (seen[step.tool] ??= new Set()).add('race');
      continue;
    }
    const { client: caller, tools } = await session(step.as ?? 'agent');
    const outcome = await callTool(caller, step.tool, args, step.expect === 'rpc_error');
    const got = outcome.kind === 'refused' ? outcome.answer?.status : outcome.kind;
    check(outcome.kind !== 'exception', `${name}: ${describe(outcome)}`);
    check(String(got) === String(step.expect), `${name}: expected ${step.expect}, got ${describe(outcome)}`);
    if (outcome.kind === 'ok' || outcome.kind === 'refused') {
      checkShape(name, revision, tools, step.tool, outcome);
      (seen[step.tool] ??= new Set()).add(outcome.kind === 'ok' ? 'ok' : outcome.answer?.status);
    }
    for (const [variable, path] of Object.entries(step.save ?? {})) {
      const value = at(outcome.answer, path);
      check(value !== undefined && value !== null, `${name}: ${path} saved as ${variable}`);
      saved[variable] = value;
    }
  }
  console.log(`${revision}: scenario of ${scenario.steps.length} steps; answers and refusals by tool: `
    + Object.entries(seen).map(([tool, kinds]) => `${tool} [${[...kinds].join(', ')}]`).join('; '));
  return { sessions, saved, examples };
}

/** Generated calls: each tool's valid-looking arguments with one part removed, given an odd value, or added. */
async function runGenerated(revision, { sessions, saved, examples }) {
  const random = generator(seed ^ REVISIONS.indexOf(revision));
  const pick = (values) => values[Math.floor(random() * values.length)];
  const odd = [null, 0, -1, 2 ** 53, 1.5, '', ' ', 'W999', 'x'.repeat(300), '\u0000', [], [1, 'a'], {}, { nested: { deeper: true } }, true, false];
  const templates = {
    next_task: { agent_name: 'gen' },
    claim_task: { identifier: saved.keyed, agent_name: 'gen', before_doing_result: examples.hook_result },
    heartbeat: { identifier: saved.keyed, agent_name: 'gen' },
    release_task: { identifier: saved.keyed, agent_name: 'gen', reason: 'generated' },
    report_changed_files: { identifier: saved.keyed, changed_files: [{ path: 'src/G.java', diff: '+g\n' }] },
    complete_task: { ...examples.complete, identifier: saved.keyed, agent_name: 'gen' },
    mark_reviewed: { ...examples.mark_reviewed, identifier: saved.keyed },
    report_after_goal: { ...examples.after_goal, identifier: saved.goal },
    get_task: { identifier: saved.first },
    list_tasks: { status: 'open', limit: 5 },
    create_tasks: { task: { title: 'Generated', type: 'work', priority: 'low' } },
    workflow_guide: {},
  };
  const { client, tools } = sessions.agent;
  const kinds = { ok: 0, refused: 0 };
  for (let i = 0; i < GENERATED_PER_REVISION; i++) {
    const tool = pick(Object.keys(templates));
    const args = structuredClone(templates[tool]);
    const keys = Object.keys(args);
    const mutation = keys.length === 0 ? 'add' : pick(['remove', 'odd', 'odd', 'add']);
    const key = mutation === 'add' ? pick(['unknown_key', 'response_view', 'identifier', 'claim_token']) : pick(keys);
    if (mutation === 'remove') delete args[key];
    else args[key] = pick(odd);
    const name = `${revision} / generated ${i} (seed ${seed}): ${tool} with ${key} ${mutation === 'remove' ? 'removed' : `= ${JSON.stringify(args[key])?.slice(0, 40)}`}`;
    const outcome = await callTool(client, tool, args, false);
    check(outcome.kind === 'ok' || outcome.kind === 'refused', `${name}: ${describe(outcome)}`);
    if (outcome.kind === 'ok' || outcome.kind === 'refused') {
      kinds[outcome.kind]++;
      checkShape(name, revision, tools, tool, outcome);
    }
  }
  console.log(`${revision}: ${GENERATED_PER_REVISION} generated calls (seed ${seed}): ${kinds.ok} answered, ${kinds.refused} refused`);
}

console.log(`MCP TypeScript SDK end-to-end against ${serverUrl} (seed ${seed}; replay with: node sdk-e2e.mjs <url> <var> ${seed})`);
for (const revision of REVISIONS) {
  try {
    const state = await runScenario(revision);
    await runGenerated(revision, state);
    await Promise.all(Object.values(state.sessions).map(({ client }) => client.close()));
  } catch (error) {
    check(false, `${revision}: the run stopped: ${error?.stack ?? error}`);
  }
}
if (waitedOut429 > 0) {
  console.log(`waited out ${waitedOut429} answers 429 (the per-token call limit) as Retry-After said`);
}
if (failures.length > 0) {
  console.log(`failures:\n  ${failures.slice(0, 50).join('\n  ')}`);
}
console.log(`sdk-e2e: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
