import { load, cannon, seedOwner, seedTransactions, startBench } from './support.ts';
const times: number[] = [];
const b = await startBench({
  setup(app) {
    app.addHook('onRequest', async (req) => {
      (req as any).t0 = performance.now();
    });
    app.addHook('onResponse', async (req) => {
      times.push(performance.now() - (req as any).t0);
    });
  },
});
const o = await seedOwner(b, 'P');
await seedTransactions(b, o, 1600, 1, '2026-11-20');
const url = `${b.baseUrl}/api/transactions/balances?ledgerId=${o.ledgerId}&fecha=2026-11-20`;
for (const enc of ['gzip', 'identity', 'gzip']) {
  times.length = 0;
  const r = await load(url, o.token, 40, 3, { headers: { 'accept-encoding': enc } });
  times.sort((a, b) => a - b);
  console.log(
    enc,
    Math.round(r.rps),
    'server p50',
    times[times.length >> 1]!.toFixed(3),
    'p90',
    times[Math.floor(times.length * 0.9)]!.toFixed(3),
  );
}
await b.close();
