/**
 * DESIGN §27: the month workbook of 3,000 operations <= 2 s with memory growth <= 150 MB, the PDF
 * <= 3 s (medians of sequential requests through HTTP, the whole file received), beside the same
 * run's day export of 1,000 rows and the bare one-query route. While reports are made, another
 * user's request is timed against the same request on an idle server (decision 0050: the PDF in a
 * worker, the workbook in slices).
 *   node --import tsx bench/reportes.ts        (DATABASE_URL=postgres://… to use PostgreSQL)
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { previousMonth, todayKey } from '@arb/shared';
import { fmt, medianMs, msRow, printTable, seedOwner, seedRow, seedTransactions, startBench } from './support.ts';

const N = Number(process.env.BENCH_REQUESTS ?? 7);
const mes = previousMonth(todayKey('America/Caracas').slice(0, 7));
const DAY = `${mes}-20`;

/** Wall time of one request, the body read whole. */
async function once(url: string, token: string): Promise<{ ms: number; bytes: number }> {
  const t0 = performance.now();
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  const bytes = (await res.arrayBuffer()).byteLength;
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return { ms: performance.now() - t0, bytes };
}

/** The largest growth of a memory figure over its value before `work`, sampled every 5 ms (after a GC when exposed). */
async function peakGrowthMb(read: () => number, work: () => Promise<unknown>): Promise<number> {
  (globalThis as { gc?: () => void }).gc?.();
  const before = read();
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, read())), 5);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  peak = Math.max(peak, read());
  return (peak - before) / 1024 / 1024;
}
const rss = () => process.memoryUsage().rss;
const heap = () => {
  const m = process.memoryUsage();
  return m.heapUsed + m.external + m.arrayBuffers;
};

/**
 * Another user's GET /api/ledgers timed over and over while `work` runs, with the event loop's
 * largest delay meanwhile: the median and slowest answer, and that delay in ms.
 */
async function whileBusy(work: () => Promise<unknown>, read: () => Promise<{ ms: number }>) {
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  const times: number[] = [];
  let running = true;
  const done = work().finally(() => (running = false));
  while (running) times.push((await read()).ms);
  await done;
  loop.disable();
  times.sort((x, y) => x - y);
  return { median: times[Math.floor(times.length / 2)] ?? 0, max: times.at(-1) ?? 0, n: times.length, loopMax: loop.max / 1e6 };
}

const b = await startBench();
try {
  const t0 = performance.now();
  const o = await seedOwner(b, 'Reportes');
  // 3,000 operations over the 28 days ending on the 28th: every day of the month has ~107.
  await seedTransactions(b, o, 3000, 28, `${mes}-28`);
  const other = await seedOwner(b, 'Otra');
  await seedTransactions(b, other, 1000, 1, DAY);
  const seedMs = performance.now() - t0;
  const base = `${b.baseUrl}/api/ledgers/${o.ledgerId}/reportes/mensual?mes=${mes}`;
  const xlsxUrl = `${base}&formato=xlsx`;
  const pdfUrl = `${base}&formato=pdf`;
  const dayExport = `${b.baseUrl}/api/transactions/export-daily?ledgerId=${other.ledgerId}&fecha=${DAY}`;
  const otherRead = `${b.baseUrl}/api/ledgers`;

  // The first workbook, cold: the process's RSS growth is the whole cost, code loading included.
  let xlsxSize = 0;
  const rssGrowth = await peakGrowthMb(rss, async () => (xlsxSize = (await once(xlsxUrl, o.token)).bytes));
  // Warm: the first PDF starts the worker.
  const pdfSize = (await once(pdfUrl, o.token)).bytes;
  const heapGrowth = await peakGrowthMb(heap, () => once(xlsxUrl, o.token));

  const bare = await medianMs(`${b.baseUrl}/bench/bare?ledgerId=${other.ledgerId}&fecha=${DAY}`, undefined, 30);
  const day = await medianMs(dayExport, other.token, N, 1);
  const xlsx = await medianMs(xlsxUrl, o.token, N, 0);
  const pdf = await medianMs(pdfUrl, o.token, N, 0);

  // Another user's read: idle (the same-run baseline), while 4 day exports of 1,000 rows are made,
  // while 4 month workbooks are made, and while 2 month workbooks + 2 month PDFs are made.
  const read = () => once(otherRead, other.token);
  const idle = await whileBusy(() => new Promise((r) => setTimeout(r, 1500)), read);
  const days = await whileBusy(() => Promise.all([1, 2, 3, 4].map(() => once(dayExport, other.token))), read);
  const workbooks = await whileBusy(() => Promise.all([1, 2, 3, 4].map(() => once(xlsxUrl, o.token))), read);
  const months = await whileBusy(
    () => Promise.all([once(xlsxUrl, o.token), once(pdfUrl, o.token), once(xlsxUrl, o.token), once(pdfUrl, o.token)]),
    read,
  );
  const busyRow = (what: string, x: typeof idle) => [
    msRow(`another user's GET /api/ledgers ${what} (median of ${x.n})`, x.median, idle.median, null),
    msRow(`same, slowest`, x.max, idle.max, null),
    msRow(`event-loop delay ${what} (max)`, x.loopMax, idle.loopMax, null),
  ];
  printTable(
    `Monthly reports, 3,000 operations (xlsx ${fmt(xlsxSize / 1024, 0)} KB, pdf ${fmt(pdfSize / 1024, 0)} KB), median of ${N} requests, ${b.target}`,
    [
      seedRow('seed', seedMs),
      msRow('day export, 1,000 rows (same-run baseline)', day, bare, 500),
      msRow('month workbook (xlsx)', xlsx, bare, 2000),
      { figure: 'workbook ÷ day export', budget: '-', measured: fmt(xlsx / day, 2), baseline: '-', ratio: '-', pass: null },
      {
        figure: 'workbook memory growth, first request (RSS peak)',
        budget: '<= 150 MB',
        measured: `${fmt(rssGrowth, 1)} MB`,
        baseline: '-',
        ratio: '-',
        pass: rssGrowth <= 150,
      },
      {
        figure: 'workbook memory growth, warm (heap + buffers peak)',
        budget: '<= 150 MB',
        measured: `${fmt(heapGrowth, 1)} MB`,
        baseline: '-',
        ratio: '-',
        pass: heapGrowth <= 150,
      },
      msRow('month PDF', pdf, bare, 3000),
      ...busyRow('while idle', idle),
      ...busyRow('during 4 day exports', days),
      ...busyRow('during 4 workbooks', workbooks),
      ...busyRow('during 2 workbooks + 2 PDFs', months),
    ],
  );
} finally {
  await b.close();
}
