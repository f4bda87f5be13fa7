// kill -9 of the sending server (run.sh): a Tasklane on an H2 file is started by this script, subscribed to a
// receiver on loopback that verifies every delivery with npm standardwebhooks and de-duplicates by webhook-id; the
// receiver holds every attempt unanswered while tasks are created, the server is killed with SIGKILL in the middle of
// its attempts, started again on the same file, more tasks are created, and the receiver now answers 204. Every task
// must arrive exactly once as seen by de-duplication, none lost, and the restarted server must hold every task it
// acknowledged: H2 writes each commit to its file as it commits (WRITE_DELAY=0, docs/operations.md, "Durability"), so
// a SIGKILL of the process loses no acknowledged task.
//   node crash.mjs <jar> <data dir> <port> <name of the variable holding the token>
import http from 'node:http';
import { spawn } from 'node:child_process';
import { Webhook } from 'standardwebhooks';

const [jar, dataDir, port, tokenVariable] = process.argv.slice(2);
const token = process.env[tokenVariable];
const base = `http://127.0.0.1:${port}`;
const failures = [];
const accepted = new Map();
let attemptsBeforeCrash = 0;
let answering = false;
let secret = null;
let waitedAfterRestart = null;
let stored = [];
let lostByStore = 0;
// the shortest lease a one-second timeout allows (three timeouts and 1 s): the dead server's deliveries wait for it
const LEASE = '4s';

function start(log) {
  const child = spawn('java', ['-jar', jar, '--store', 'h2', '--data-dir', dataDir, '--port', port], {
    env: { ...process.env, TASKLANE_BOOTSTRAP_TOKEN: token, TASKLANE_WEBHOOK_ALLOW_PRIVATE: 'true',
           TASKLANE_WEBHOOK_TIMEOUT: '1s', TASKLANE_WEBHOOK_INTERVAL: '200ms', TASKLANE_WEBHOOK_LEASE: LEASE },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (d) => log.push(d.toString()));
  child.stderr.on('data', (d) => log.push(d.toString()));
  return child;
}

async function waitFor(what, done, seconds) {
  const until = Date.now() + seconds * 1000;
  while (!(await done())) {
    if (Date.now() > until) {
      throw new Error(`timed out waiting for ${what}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function healthy() {
  try {
    return (await fetch(`${base}/health`)).ok;
  } catch {
    return false;
  }
}

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

const receiver = http.createServer((request, response) => {
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    const body = Buffer.concat(chunks).toString('utf8');
    const id = request.headers['webhook-id'];
    try {
      new Webhook(secret).verify(body, request.headers);
    } catch (error) {
      failures.push(`${id}: not verified: ${error.message}`);
    }
    if (!answering) {
      attemptsBeforeCrash++;
      return; // held unanswered: the server dies inside this attempt
    }
    if (!accepted.has(id)) {
      accepted.set(id, JSON.parse(body));
    }
    response.writeHead(204).end();
  });
});
await new Promise((resolve) => receiver.listen(0, '127.0.0.1', resolve));

const firstLog = [];
let server = start(firstLog);
await waitFor('the server', healthy, 120);
const board = (await api('GET', '/api/boards')).data[0].id;
const created = await api('POST', `/api/boards/${board}/webhooks`,
  { url: `http://127.0.0.1:${receiver.address().port}/hook`, events: ['task.created'] });
secret = created.data.secret;
const identifiers = [];
for (let i = 0; i < 10; i++) {
  identifiers.push((await api('POST', '/api/tasks', { task: { title: `Before the crash ${i}`, type: 'work', priority: 'medium' } })).data.identifier);
}
await waitFor('attempts in flight', async () => attemptsBeforeCrash >= 1, 60);
server.kill('SIGKILL');
await new Promise((resolve) => server.on('exit', resolve));

answering = true;
const secondLog = [];
server = start(secondLog);
try {
  await waitFor('the restarted server', healthy, 120);
  for (let i = 0; i < 5; i++) {
    identifiers.push((await api('POST', '/api/tasks', { task: { title: `After the crash ${i}`, type: 'work', priority: 'medium' } })).data.identifier);
  }
  // the deliveries the dead server held wait for their lease to run out
  // the tasks the store kept: every one acknowledged, before the crash and after
  stored = (await api('GET', '/api/tasks?limit=100')).data.map((t) => t.identifier).sort();
  lostByStore = identifiers.length - stored.length;
  const restarted = Date.now();
  await waitFor('every task delivered', async () => accepted.size >= stored.length, 60);
  waitedAfterRestart = Date.now() - restarted;
  await new Promise((resolve) => setTimeout(resolve, 1000));
} catch (error) {
  failures.push(String(error));
} finally {
  const exited = new Promise((resolve) => server.on('exit', resolve));
  server.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 40000))]);
  server.kill('SIGKILL');
}
const seen = [...accepted.values()].map((m) => m.data.identifier).sort();
if (JSON.stringify(seen) !== JSON.stringify(stored)) {
  failures.push(`every stored task once: expected ${stored}, got ${seen}`);
}
if (JSON.stringify(stored) !== JSON.stringify([...identifiers].sort())) {
  failures.push(`the restarted server holds ${stored.length} of the ${identifiers.length} tasks it acknowledged`);
}
if ((firstLog.join('') + secondLog.join('')).includes(secret.slice(6))) {
  failures.push('a server log holds the secret');
}
receiver.close();
console.log(JSON.stringify({ attempts_held_when_killed: attemptsBeforeCrash, delivered: accepted.size,
  expected: stored.length, created: identifiers.length, lost_by_store: lostByStore, lease: LEASE, delivered_ms_after_restart: waitedAfterRestart, failures }));
if (failures.length) {
  console.error(secondLog.join('').slice(-4000));
}
process.exit(failures.length === 0 ? 0 : 1);
