// A webhook receiver on loopback that verifies every delivery with the official Standard Webhooks library
// (npm standardwebhooks) and de-duplicates by webhook-id, driven against a running Tasklane (run.sh):
//   node receiver.mjs <base url> <name of the variable holding the token> <phase>
// phase "all": subscribe, answer each message's first attempt 500, its second not at all (the server times out),
//   its third 204; create tasks; rotate the secret with an overlap and check that both secrets verify; send a test
//   event; wait until every event came exactly once as seen by de-duplication, each verified.
// A JSON summary goes to stdout; any failure exits 1.
import http from 'node:http';
import { Webhook } from 'standardwebhooks';

const [base, tokenVariable] = process.argv.slice(2);
const token = process.env[tokenVariable];
const TASKS = 12;
const failures = [];
const attempts = new Map();
const accepted = new Map();
let secrets = [];

async function api(method, path, body) {
  const response = await fetch(base + path, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status >= 300) {
    throw new Error(`${method} ${path}: ${response.status} ${text}`);
  }
  return JSON.parse(text);
}

const server = http.createServer((request, response) => {
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    const body = Buffer.concat(chunks).toString('utf8');
    const id = request.headers['webhook-id'];
    const signatures = String(request.headers['webhook-signature'] || '').split(' ');
    for (const secret of secrets) {
      try {
        new Webhook(secret).verify(body, request.headers);
      } catch (error) {
        failures.push(`${id}: not verified by ${secret === secrets[0] ? 'the current' : 'a previous'} secret: ${error.message}`);
      }
    }
    if (signatures.some((s) => !s.startsWith('v1,'))) {
      failures.push(`${id}: a signature not v1: ${signatures}`);
    }
    const n = (attempts.get(id) || 0) + 1;
    attempts.set(id, n);
    const testEvent = JSON.parse(body).type === 'webhook.test';
    if (!testEvent && n === 1) {
      response.writeHead(500).end('failing on purpose');
      return;
    }
    if (!testEvent && n === 2) {
      return; // never answers: the server's read timeout ends the attempt
    }
    if (!accepted.has(id)) {
      accepted.set(id, { body: JSON.parse(body), signatures: signatures.length });
    }
    response.writeHead(204).end();
  });
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const receiverUrl = `http://127.0.0.1:${server.address().port}/hook`;

const board = (await api('GET', '/api/boards')).data[0].id;
const created = await api('POST', `/api/boards/${board}/webhooks`, { url: receiverUrl, description: 'CI receiver' });
const webhook = created.data.id;
if (!created.data.secret.startsWith('whsec_')) {
  failures.push(`the secret is not whsec_: ${created.data.secret}`);
}
secrets = [created.data.secret];
const listed = await api('GET', `/api/boards/${board}/webhooks`);
if (JSON.stringify(listed).includes(created.data.secret.slice(6))) {
  failures.push('the list answers the secret');
}

const identifiers = [];
for (let i = 0; i < TASKS; i++) {
  const task = await api('POST', '/api/tasks', { task: { title: `Hooked ${i}`, type: 'work', priority: 'medium' } });
  identifiers.push(task.data.identifier);
}

async function waitFor(what, done, seconds) {
  const until = Date.now() + seconds * 1000;
  while (!done()) {
    if (Date.now() > until) {
      throw new Error(`timed out waiting for ${what}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
await waitFor(`${TASKS} task.created deliveries`, () => accepted.size >= TASKS, 120);

// rotate with an hour's overlap: the next delivery carries two v1 signatures, each secret verifies it
const rotated = await api('POST', `/api/boards/${board}/webhooks/${webhook}/rotate`, { overlap_seconds: 3600 });
secrets = [rotated.data.secret, created.data.secret];
await api('POST', `/api/boards/${board}/webhooks/${webhook}/test`);
await waitFor('the test delivery', () => [...accepted.values()].some((m) => m.body.type === 'webhook.test'), 60);
const test = [...accepted.values()].find((m) => m.body.type === 'webhook.test');
if (test.signatures !== 2) {
  failures.push(`during the overlap the test delivery carried ${test.signatures} signatures, not 2`);
}

const events = [...accepted.values()].filter((m) => m.body.type === 'task.created');
const seen = events.map((m) => m.body.data.identifier).sort();
if (JSON.stringify(seen) !== JSON.stringify([...identifiers].sort())) {
  failures.push(`every task once: expected ${identifiers}, got ${seen}`);
}
for (const m of events) {
  if (m.body.board_id !== board || m.body.event_id !== m.body.data.id || typeof m.body.timestamp !== 'string') {
    failures.push(`a body without board, event id or time: ${JSON.stringify(m.body)}`);
  }
}
const log = await api('GET', `/api/boards/${board}/webhooks/${webhook}/deliveries?limit=200`);
const delivered = log.data.filter((d) => d.type === 'task.created');
if (delivered.length !== TASKS || delivered.some((d) => d.attempts !== 3 || d.last_status !== 204 || !d.delivered_at)) {
  failures.push(`the delivery log: ${JSON.stringify(delivered)}`);
}
server.close();
const summary = {
  messages: accepted.size,
  attempts: [...attempts.values()].reduce((a, b) => a + b, 0),
  verified_with: 'standardwebhooks',
  failures,
};
console.log(JSON.stringify(summary));
process.exit(failures.length === 0 ? 0 : 1);
