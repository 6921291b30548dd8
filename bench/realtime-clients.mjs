/**
 * Worker thread of bench/realtime.ts: holds the socket.io clients, so their parsing does not share
 * the servers' event loop (in production they are browsers on other machines). Reports each
 * event's arrival as an absolute time in ms (timeOrigin + now), comparable across threads.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { io } from 'socket.io-client';

// Plain JavaScript: a worker thread on Node 20 does not get tsx's loader.
/** @type {{ url: string, tokens: string[], ledgerId: string }} */
const { url, tokens, ledgerId } = workerData;
const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort);
const now = () => performance.timeOrigin + performance.now();

/** @type {import('socket.io-client').Socket[]} */
const sockets = [];
async function main() {
  // Connect in batches: 200 simultaneous handshakes would each queue a user-row query.
  for (let i = 0; i < tokens.length; i += 20) {
    await Promise.all(
      tokens.slice(i, i + 20).map(
        (token) =>
          new Promise((resolve, reject) => {
            const s = io(url, { auth: { token }, transports: ['websocket'], reconnection: false, forceNew: true });
            sockets.push(s);
            s.on('transaction-updated', (p) => port.postMessage({ kind: 'event', at: now(), tag: p.fecha }));
            s.on('connect', () => {
              s.timeout(10_000).emit('join-ledger', ledgerId, (err, ack) => {
                if (err || !ack.ok) reject(err ?? new Error('join refused'));
                else resolve(undefined);
              });
            });
            s.on('connect_error', reject);
          }),
      ),
    );
  }
  port.postMessage({ kind: 'ready' });
}

port.on('message', (m) => {
  if (m.kind === 'close') {
    for (const s of sockets) s.close();
    port.close();
  }
});
main().catch((err) => port.postMessage({ kind: 'error', message: String(err) }));
