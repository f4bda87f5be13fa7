// GitHub's own issues examples (npm @octokit/webhooks-examples), signed as GitHub signs (npm @octokit/webhooks-methods),
// posted to a running server's inbound hook (run.sh): the board connects the examples' repository, then opened makes a
// task with the issue's page as external_url, edited updates it, closed archives it, reopened restores it; the same
// delivery twice changes nothing twice, a forged signature is 401, a ping is 202.
//   node github.mjs <base url> <name of the variable holding an admin token>
import { createRequire } from 'node:module';
import { sign } from '@octokit/webhooks-methods';

const require = createRequire(import.meta.url);
const [base, tokenVariable] = process.argv.slice(2);
const token = process.env[tokenVariable];
const SECRET = `github-e2e-${Date.now()}-secret`;
const failures = [];
const issues = require('@octokit/webhooks-examples/api.github.com/index.json').find((e) => e.name === 'issues').examples;
const example = (action) => structuredClone(issues.find((e) => e.action === action));

async function api(method, path, body) {
  const response = await fetch(base + path, {
    method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

async function deliver(board, event, id, payload, signature) {
  const body = JSON.stringify(payload);
  const response = await fetch(`${base}/hooks/github/${board}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-github-event': event, 'x-github-delivery': id,
      'x-hub-signature-256': signature === undefined ? await sign(SECRET, body) : signature },
    body,
  });
  return { status: response.status, body: await response.json() };
}

function expect(what, actual, wanted) {
  if (actual !== wanted) {
    failures.push(`${what}: expected ${wanted}, got ${actual}`);
  }
}

const board = (await api('GET', '/api/boards')).body.data[0].id;
const connected = await api('PUT', `/api/boards/${board}/github`, { repository: 'Codertocat/Hello-World', secret: SECRET, label: 'bug' });
expect('connect', connected.status, 200);
expect('the secret is never answered', JSON.stringify(connected.body).includes(SECRET), false);

const opened = example('opened');
expect('forged', (await deliver(board, 'issues', 'e2e-0', opened, await sign('not the secret', JSON.stringify(opened)))).status, 401);
expect('unsigned', (await deliver(board, 'issues', 'e2e-0', opened, '')).status, 401);
const created = await deliver(board, 'issues', 'e2e-1', opened);
expect('opened', created.body.data?.outcome, 'created');
const task = created.body.data?.task;
const made = await api('GET', `/api/tasks/${task}`);
expect('external_url', made.body.data?.external_url, opened.issue.html_url);
expect('title', made.body.data?.title, opened.issue.title);
expect('twice', (await deliver(board, 'issues', 'e2e-1', opened)).body.data?.outcome, 'duplicate');
const edited = example('edited');
edited.issue.title = `${edited.issue.title} (edited)`;
expect('edited', (await deliver(board, 'issues', 'e2e-2', edited)).body.data?.outcome, 'updated');
expect('edited title', (await api('GET', `/api/tasks/${task}`)).body.data?.title, edited.issue.title);
const closed = example('reopened');
closed.action = 'closed';
closed.issue.state = 'closed';
expect('closed', (await deliver(board, 'issues', 'e2e-3', closed)).body.data?.outcome, 'archived');
expect('reopened', (await deliver(board, 'issues', 'e2e-4', example('reopened'))).body.data?.outcome, 'restored');
expect('ping', (await deliver(board, 'ping', 'e2e-5', { zen: 'Design for failure.' })).status, 202);
console.log(JSON.stringify({ task, examples: issues.length, failures }));
process.exit(failures.length === 0 ? 0 : 1);
