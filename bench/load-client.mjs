/**
 * A closed-loop HTTP load client on Node's own HTTP parser (llhttp), for answers that are binary.
 * autocannon parses responses with http-parser-js, which spends ~1.5 ms of client CPU on each
 * 114 KB gzip body (measured: a bare server sending 114 KB of random bytes answers autocannon's one
 * connection 529 times a second, 9,779 for 114 KB of one repeated byte), so with compressed
 * answers it measures itself rather than the server (docs/benchmarks.md, "Mixed load").
 *   node bench/load-client.mjs '{"url": …, "connections": 40, "seconds": 10, "headers": {…}}'
 * prints {rps, p50, p99, errors, non2xx} like bench/support.ts's cannon().
 */
import http from 'node:http';

const { url, connections, seconds, headers = {}, method = 'GET', body } = JSON.parse(process.argv[2]);
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
const latencies = [];
let errors = 0;
let non2xx = 0;

const once = () =>
  new Promise((resolve) => {
    const start = performance.now();
    const req = http.request(
      url,
      { method, agent, headers: payload ? { ...headers, 'content-type': 'application/json', 'content-length': payload.length } : headers },
      (res) => {
        res.on('data', () => {}); // read it all, as a client must
        res.on('end', () => {
          latencies.push(performance.now() - start);
          if (res.statusCode < 200 || res.statusCode >= 300) non2xx++;
          resolve();
        });
      },
    );
    req.on('error', () => {
      errors++;
      resolve();
    });
    req.end(payload);
  });

const until = performance.now() + seconds * 1000;
await Promise.all(
  Array.from({ length: connections }, async () => {
    while (performance.now() < until) await once();
  }),
);
agent.destroy();
latencies.sort((a, b) => a - b);
const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
console.log(JSON.stringify({ rps: latencies.length / seconds, p50: at(0.5), p99: at(0.99), errors, non2xx }));
