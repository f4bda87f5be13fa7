// Writes GitHub's own issues examples (npm @octokit/webhooks-examples), each signed as GitHub signs by
// npm @octokit/webhooks-methods, into <dir>: one body per file, byte for byte as signed, and signatures.tsv.
//   node github-fixtures.mjs <dir>   (run.sh compares its output with adapter-http-javalin/src/test/resources/github)
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { sign } from '@octokit/webhooks-methods';

const require = createRequire(import.meta.url);
const dir = process.argv[2];
const SECRET = 'tasklane-github-fixture-secret';
const examples = require('@octokit/webhooks-examples/api.github.com/index.json');
const version = (name) => JSON.parse(readFileSync(new URL(`./node_modules/${name}/package.json`, import.meta.url), 'utf8')).version;
const issues = examples.find((e) => e.name === 'issues').examples;
const first = (action) => structuredClone(issues.find((e) => e.action === action));

const picked = [
  ['opened', first('opened')],
  ['labeled', first('labeled')],
  ['assigned', first('assigned')],
  ['edited', (() => { const e = first('edited'); e.issue.title = 'Spelling error in the README file, edited'; e.issue.body = 'Edited on GitHub'; return e; })()],
  ['closed', (() => { const e = first('reopened'); e.action = 'closed'; e.issue.state = 'closed'; return e; })()],
  ['reopened', first('reopened')],
];
mkdirSync(dir, { recursive: true });
const lines = [`# @octokit/webhooks-examples ${version('@octokit/webhooks-examples')}, signed by @octokit/webhooks-methods ${version('@octokit/webhooks-methods')} with the secret ${SECRET}`,
  '# edited: the edited example with its title and body changed; closed: the reopened example as closed (the package has none)'];
for (const [name, payload] of picked) {
  const body = JSON.stringify(payload);
  writeFileSync(`${dir}/issues-${name}.json`, body);
  lines.push(`issues-${name}.json\t${await sign(SECRET, body)}`);
}
writeFileSync(`${dir}/signatures.tsv`, lines.join('\n') + '\n');
