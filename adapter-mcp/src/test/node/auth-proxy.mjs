// A loopback proxy that adds `Authorization: Bearer <token>` to each request that has none and forwards it to the
// Tasklane server, for clients that cannot send a header (the MCP conformance suite). It listens on 127.0.0.1 only.
//
//   node auth-proxy.mjs <listen-port> <target-url> <token-env-variable>
//
// The token is read from the named environment variable, never from the command line (process lists show that).
import http from 'node:http';

const [listenPort, target, tokenVariable] = process.argv.slice(2);
const token = process.env[tokenVariable ?? ''];
if (!listenPort || !target || !token) {
  console.error('usage: node auth-proxy.mjs <listen-port> <target-url> <token-env-variable> (the variable set)');
  process.exit(2);
}
const upstream = new URL(target);
if (!['127.0.0.1', 'localhost', '[::1]'].includes(upstream.hostname)) {
  console.error(`auth-proxy forwards to loopback only, not ${upstream.hostname}`);
  process.exit(2);
}

const server = http.createServer((request, response) => {
  const headers = { ...request.headers };
  if (!headers.authorization) {
    headers.authorization = `Bearer ${token}`;
  }
  const forwarded = http.request({
    hostname: upstream.hostname.replace(/^\[|\]$/g, ''),
    port: upstream.port,
    path: request.url,
    method: request.method,
    headers,
  }, (answer) => {
    response.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(response);
  });
  forwarded.on('error', (failure) => {
    response.writeHead(502, { 'content-type': 'text/plain' });
    response.end(`auth-proxy: ${failure.message}`);
  });
  request.pipe(forwarded);
});
server.listen(Number(listenPort), '127.0.0.1', () => {
  console.error(`auth-proxy: 127.0.0.1:${listenPort} -> ${upstream.origin}`);
});
